import Testing
import UIKitCompatibility

/// An NSCoding model class, as apps keep their model in the restoration coder (row 76): an
/// NSObject whose coding methods take NSCoder, called off the main actor.
final class Event: NSObject, NSCoding {
    let title: String
    let day: Int

    init(title: String, day: Int) {
        self.title = title
        self.day = day
    }

    func encode(with coder: NSCoder) {
        coder.encode(title, forKey: "title")
        coder.encode(day, forKey: "day")
    }

    required init?(coder: NSCoder) {
        guard let title = coder.decodeObject(forKey: "title") as? String else { return nil }
        self.title = title
        day = coder.decodeInteger(forKey: "day")
    }
}

/// A plain helper class that reads and writes the coder for a controller, as a coordinator does
/// (row 63): nothing here is on the main actor.
final class Coordinator {
    var scroll = CGPoint.zero
    var events: [Event] = []

    func encode(into coder: NSCoder) {
        coder.encode(scroll, forKey: "scroll")             // row 71
        coder.encode(events, forKey: "events")             // row 76
    }

    func decode(from coder: NSCoder) {
        scroll = coder.decodeCGPoint(forKey: "scroll")     // row 71
        events = coder.decodeObject(forKey: "events") as? [Event] ?? []
    }
}

/// A controller whose state lives in its coordinator.
final class AgendaViewController: UIViewController {
    let coordinator = Coordinator()
    var wasSecure = false

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        wasSecure = coder.requiresSecureCoding             // row 70
        coordinator.encode(into: coder)
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        coordinator.decode(from: coder)
    }
}

/// A restorable object with UIKit's optional members (rows 14–16).
final class DraftSession: UIStateRestoring {
    var text = ""
    var restorationParent: (any UIStateRestoring)?
    var objectRestorationClass: (any UIObjectRestoration.Type)? { DraftSessionRestoration.self }

    func encodeRestorableState(with coder: NSCoder) {
        coder.encode(text, forKey: "text")
    }

    func decodeRestorableState(with coder: NSCoder) {
        text = coder.decodeObject(forKey: "text") as? String ?? ""
    }
}

/// Makes draft sessions at restore, as a UIObjectRestoration class does (row 15).
final class DraftSessionRestoration: UIObjectRestoration {
    nonisolated(unsafe) static var pathsAsked: [[String]] = []

    static func object(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> (any UIStateRestoring)? {
        pathsAsked.append(identifierComponents)
        return DraftSession()
    }
}

@MainActor
@Suite("Rows 14–17, 63, 70, 71, 76: objects, models and the coder off the main actor")
struct ObjectsAndModelsRows {
    @Test("Rows 63, 70, 71, 76: a coordinator stores a CGPoint and NSCoding models through NSCoder")
    func coordinatorStoresGeometryAndModels() throws {
        let storage = try TemporaryStore()
        let registry = RestorationRegistry()
        registry.register(AgendaViewController.self, as: "Agenda")
        registry.registerObject(Event.self, as: "Event")
        let application = UIApplication()
        let window = UIWindow(application: application)
        let agenda = AgendaViewController()
        agenda.restorationIdentifier = "agenda"
        agenda.coordinator.scroll = CGPoint(x: 12.5, y: 480)
        let shared = Event(title: "Standup", day: 3)
        agenda.coordinator.events = [shared, Event(title: "Review", day: 5), shared]
        window.rootViewController = agenda
        window.makeKeyAndVisible()
        let saved = try storage.store.save(application, registry: registry)
        #expect(saved.warnings.isEmpty, "\(saved.warnings)")
        #expect(agenda.wasSecure)

        let restoredWindow = UIWindow(application: UIApplication())
        let report = try storage.store.restore(into: restoredWindow, registry: registry)
        #expect(report.dropped.isEmpty, "\(report)")
        let restored = try #require(restoredWindow.rootViewController as? AgendaViewController)
        #expect(restored.coordinator.scroll == CGPoint(x: 12.5, y: 480))
        #expect(restored.coordinator.events.map(\.title) == ["Standup", "Review", "Standup"])
        #expect(restored.coordinator.events.map(\.day) == [3, 5, 3])
        // One instance encoded twice comes back as one.
        #expect(restored.coordinator.events[0] === restored.coordinator.events[2])
    }

    @Test("Row 63: a coder is used off the main actor, as NSCoder is")
    nonisolated func coderOffTheMainActor() async {
        let point = await Task.detached {
            let coder = NSCoder()
            let coordinator = Coordinator()
            coordinator.scroll = CGPoint(x: 3, y: 4)
            coordinator.encode(into: coder)
            return coder.decodeCGPoint(forKey: "scroll")
        }.value
        #expect(point == CGPoint(x: 3, y: 4))
    }

    @Test("Rows 14–17: a UIStateRestoring object registered with UIApplication's class method is made by its UIObjectRestoration class")
    func stateRestoringObjectThroughItsRestorationClass() throws {
        let storage = try TemporaryStore()
        let registry = RestorationRegistry()
        registry.register(ViewController.self, as: "ViewController")
        registry.register(objectRestorationClass: DraftSessionRestoration.self, as: "DraftSessionRestoration")
        registry.registerObject(DraftSession.self, as: "DraftSession") { DraftSession() }

        let application = UIApplication()
        let window = UIWindow(application: application)
        let compose = ViewController()
        compose.restorationIdentifier = "compose"
        window.rootViewController = compose
        window.makeKeyAndVisible()
        let session = DraftSession()
        session.text = "Dear Ann"
        session.restorationParent = compose
        application.registerObject(forStateRestoration: session, restorationIdentifier: "draft")
        #expect(try storage.store.save(application, registry: registry).warnings.isEmpty)

        DraftSessionRestoration.pathsAsked = []
        let relaunched = UIApplication()
        let report = try storage.store.restore(into: UIWindow(application: relaunched), registry: registry)
        #expect(report.dropped.isEmpty, "\(report)")
        #expect(DraftSessionRestoration.pathsAsked == [["compose", "draft"]])

        // UIKit's spelling is a class method, on the shared application.
        let shared = DraftSession()
        UIApplication.registerObject(forStateRestoration: shared, restorationIdentifier: "conformance-row-17")
        #expect(UIApplication.shared.objectsRegisteredForStateRestoration["conformance-row-17"] === shared)
    }
}
