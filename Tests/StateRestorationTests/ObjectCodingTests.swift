import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

// `NSCoding` model objects in controllers' coders, renamed (`Coding`), through real saves and
// restores: registered classes only, one instance per saved instance, and every bad input a
// decoding error that names the key and path, never a crash.

/// A person: a `Coding` class referenced from events.
final class CodedPerson: Coding {
    var name: String
    init(name: String) { self.name = name }
    func encode(with coder: Coder) { coder.encode(name, forKey: "name") }
    init?(coder: Coder) {
        guard let name = coder.decodeString(forKey: "name") else { return nil }
        self.name = name
    }
}

/// An event, with a date, a place on a map and its attendees (more `Coding` objects).
final class CodedEvent: Coding {
    var title: String
    var start: Date
    var pin: CGPoint
    var attendees: [CodedPerson]

    init(title: String, start: Date, pin: CGPoint = .zero, attendees: [CodedPerson] = []) {
        self.title = title
        self.start = start
        self.pin = pin
        self.attendees = attendees
    }

    func encode(with coder: Coder) {
        coder.encode(title, forKey: "title")
        coder.encode(start, forKey: "start")
        coder.encode(pin, forKey: "pin")
        coder.encode(attendees, forKey: "attendees")
    }

    init?(coder: Coder) {
        guard let title = coder.decodeString(forKey: "title"),
              let start = coder.decodeObject(of: Date.self, forKey: "start") else { return nil }
        self.title = title
        self.start = start
        pin = coder.decodeCGPoint(forKey: "pin")
        attendees = coder.decodeArrayOfObjects(ofClass: CodedPerson.self, forKey: "attendees") ?? []
    }
}

/// What an earlier version of ``CodedEvent`` wrote under the same registered name: its start as
/// text, which the current class refuses.
final class LegacyCodedEvent: Coding {
    func encode(with coder: Coder) {
        coder.encode("Monday", forKey: "title")
        coder.encode("2024-01-01", forKey: "start")
    }
    init() {}
    init?(coder: Coder) { nil }
}

/// A linked node whose `init?(coder:)` decodes the next one: chains and cycles.
final class CodedNode: Coding {
    var label: Int
    var next: CodedNode?
    init(label: Int, next: CodedNode? = nil) {
        self.label = label
        self.next = next
    }
    func encode(with coder: Coder) {
        coder.encode(label, forKey: "label")
        coder.encode(next, forKey: "next")
    }
    init?(coder: Coder) {
        label = coder.decodeInteger(forKey: "label")
        next = coder.decodeObject(of: CodedNode.self, forKey: "next")
    }
}

/// A class that is never registered.
final class UnregisteredModel: Coding {
    func encode(with coder: Coder) {}
    init() {}
    init?(coder: Coder) {}
}

/// A `Coding` subclass of `NSObject`, as ported `NSCoding` classes usually are.
final class CodedTag: NSObject, Coding {
    let label: String
    init(label: String) { self.label = label }
    func encode(with coder: Coder) { coder.encode(label, forKey: "label") }
    init?(coder: Coder) {
        guard let label = coder.decodeString(forKey: "label") else { return nil }
        self.label = label
    }
}

/// A controller keeping model objects, as UIKit controllers keep `NSCoding` models.
final class EventListController: ViewController {
    var events: [CodedEvent] = []
    var selected: CodedEvent?
    var tag: CodedTag?
    var node: CodedNode?
    var extra: Any?

    init() { super.init(nibName: nil, bundle: nil) }
    required init?(coder: Coder) { super.init(coder: coder) }

    override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(events, forKey: "events")
        coder.encode(selected, forKey: "selected")
        coder.encode(tag, forKey: "tag")
        coder.encode(node, forKey: "node")
        coder.encode(extra, forKey: "extra")
    }

    override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        events = coder.decodeObject(forKey: "events") as? [CodedEvent] ?? []
        // What decode reads `selected` as: `CodedEvent` unless a test asks for another class.
        if EventListControllerClassOverride.pending[restorationIdentifier ?? ""] == CodedPerson.self {
            _ = coder.decodeObject(of: CodedPerson.self, forKey: "selected")
        } else {
            selected = coder.decodeObject(of: CodedEvent.self, forKey: "selected")
        }
        tag = coder.decodeObject(of: CodedTag.self, forKey: "tag")
        node = coder.decodeObject(of: CodedNode.self, forKey: "node")
        extra = coder.decodeObject(forKey: "extra")
    }
}

@MainActor
@Suite struct ObjectCodingTests {
    private func registry(event: (any Coding.Type)? = CodedEvent.self) -> RestorationRegistry {
        let registry = RestorationRegistry()
        registry.register(EventListController.self, as: "EventList")
        registry.register(Note.self, as: "Note")
        if event == CodedEvent.self { registry.registerObject(CodedEvent.self, as: "Event") }
        if event == LegacyCodedEvent.self { registry.registerObject(LegacyCodedEvent.self, as: "Event") }
        registry.registerObject(CodedPerson.self, as: "Person")
        registry.registerObject(CodedNode.self, as: "Node")
        registry.registerObject(CodedTag.self, as: "Tag")
        return registry
    }

    private func list(_ identifier: String) -> EventListController {
        let controller = EventListController()
        controller.restorationIdentifier = identifier
        return controller
    }

    private func save(_ root: ViewController, registry: RestorationRegistry) throws -> (RestorationStore, TemporaryDirectory, SaveReport) {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let window = Window(application: Application())
        window.rootViewController = root
        window.makeKeyAndVisible()
        let report = try store.save(windows: [window], registry: registry)
        window.isHidden = true
        return (store, directory, report)
    }

    private func restore(_ store: RestorationStore, registry: RestorationRegistry,
                         timing: RestoreTiming = .eager) throws -> (Window, RestoreReport) {
        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: registry, timing: timing)
        return (window, report)
    }

    @Test(arguments: [RestoreTiming.eager, .lazy])
    func modelObjectsRoundTripAsOneInstanceEachAcrossControllers(timing: RestoreTiming) throws {
        let ada = CodedPerson(name: "Ada"), alan = CodedPerson(name: "Alan")
        let launch = CodedEvent(title: "Launch", start: Date(timeIntervalSinceReferenceDate: 800_000_000.25),
                                pin: CGPoint(x: 12.5, y: -3), attendees: [ada, alan])
        let review = CodedEvent(title: "Review", start: Date(timeIntervalSinceReferenceDate: 800_086_400), attendees: [ada])
        let first = list("first")
        first.events = [launch, review, launch]
        first.selected = review
        first.tag = CodedTag(label: "work")
        let second = list("second")
        second.selected = launch
        let registry = registry()
        let (store, directory, saveReport) = try save(Make.tabs("tabs", [first, second], selected: 1), registry: registry)
        defer { _ = directory }
        #expect(saveReport.warnings.isEmpty)
        let objects = try store.loadSnapshot().snapshot.objects
        #expect(objects.map(\.className).sorted() == ["Event", "Event", "Person", "Person", "Tag"])
        #expect(objects.allSatisfy { $0.identifier == nil })

        let (window, report) = try restore(store, registry: registry, timing: timing)
        #expect(report.dropped.isEmpty)
        #expect(report.warnings.isEmpty)
        let tabs = window.rootViewController as? TabBarController
        let lists = tabs?.viewControllers?.compactMap { $0 as? EventListController } ?? []
        #expect(lists.count == 2)
        guard lists.count == 2 else { return }
        // Nothing is shown: a lazy restore decodes each when it is reached.
        lists[0].loadViewIfNeeded()
        lists[1].loadViewIfNeeded()
        let events = lists[0].events
        #expect(events.map(\.title) == ["Launch", "Review", "Launch"])
        #expect(events.count == 3 && events[0] === events[2])
        #expect(lists[0].selected === events[1])
        #expect(lists[1].selected === events[0])
        #expect(events.first?.start == Date(timeIntervalSinceReferenceDate: 800_000_000.25))
        #expect(events.first?.pin == CGPoint(x: 12.5, y: -3))
        #expect(events.first?.attendees.map(\.name) == ["Ada", "Alan"])
        #expect(events[1].attendees.first === events[0].attendees.first)
        #expect(lists[0].tag?.label == "work")
    }

    @Test func anUnregisteredClassIsNotSavedAndTheReportNamesTheKey() throws {
        let controller = list("list")
        controller.extra = UnregisteredModel()
        controller.selected = CodedEvent(title: "Kept", start: Date(timeIntervalSinceReferenceDate: 0))
        let registry = registry()
        let (store, directory, saveReport) = try save(Make.nav("nav", [controller]), registry: registry)
        defer { _ = directory }
        #expect(saveReport.warnings == [
            #"/nav/list: a reference to a UnregisteredModel under key "extra" was not kept: its class is not registered (registerObject(UnregisteredModel.self, as:))"#,
        ])
        let snapshot = try store.loadSnapshot().snapshot
        #expect(snapshot.objects.map(\.className) == ["Event"])
        #expect(snapshot.controllers.last?.values["extra"] == nil)

        let (window, report) = try restore(store, registry: registry)
        #expect(report.dropped.isEmpty)
        let restored = (window.rootViewController as? NavigationController)?.topViewController as? EventListController
        #expect(restored?.extra == nil)
        #expect(restored?.selected?.title == "Kept")
    }

    /// Restored by a registry that does not know the saved class: the object is never made, and
    /// the controller that decodes it fails with the key, the path and why.
    @Test func aClassUnknownAtRestoreIsADecodingErrorNamingTheKey() throws {
        let controller = list("list")
        controller.selected = CodedEvent(title: "Gone", start: Date(timeIntervalSinceReferenceDate: 0))
        let (store, directory, _) = try save(Make.nav("nav", [controller, list("other")]), registry: registry())
        defer { _ = directory }
        let (window, report) = try restore(store, registry: registry(event: nil))
        #expect(report.dropped.map(\.path) == ["/nav/list"])
        #expect(report.dropped.first?.reason
                == #"decoding failed: key "selected" at /nav/list: object #4 was not restored: class Event is not registered"#)
        #expect(report.warnings == ["object 4: class Event is not registered; references to it will not decode"])
        #expect((window.rootViewController as? NavigationController)?.viewControllers.map(\.restorationIdentifier) == ["other"])
    }

    /// Values an earlier version wrote in another type: the object is not made, the error names
    /// its own key, and the reference names the controller's key.
    @Test func valuesOfTheWrongTypeInsideAnObjectNameBothKeys() throws {
        let controller = list("list")
        controller.extra = LegacyCodedEvent()
        let (store, directory, saveReport) = try save(Make.nav("nav", [controller]), registry: registry(event: LegacyCodedEvent.self))
        defer { _ = directory }
        #expect(saveReport.warnings.isEmpty)
        let (_, report) = try restore(store, registry: registry())
        let nested = #"Event did not decode: key "start" at /object 3: expected Date, found string of 10 characters"#
        #expect(report.dropped.map(\.path) == ["/nav/list"])
        #expect(report.dropped.first?.reason == #"decoding failed: key "extra" at /nav/list: object #3 was not restored: "# + nested)
        #expect(report.warnings == ["object 3 (Event): " + nested])
    }

    /// A reference decoded as another class is an error naming the key; the object itself is
    /// restored for whoever asks for the right class.
    @Test func anObjectOfAnotherClassIsADecodingError() throws {
        let event = CodedEvent(title: "Shared", start: Date(timeIntervalSinceReferenceDate: 0))
        let strict = list("strict")
        strict.selected = event
        let fine = list("fine")
        fine.selected = event
        let registry = registry()
        let (store, directory, _) = try save(Make.container("root", [strict, fine]), registry: registry)
        defer { _ = directory }
        EventListControllerClassOverride.pending = ["strict": CodedPerson.self]
        defer { EventListControllerClassOverride.pending = [:] }
        let (window, report) = try restore(store, registry: registry)
        #expect(report.dropped.map(\.path) == ["/root/strict"])
        #expect(report.dropped.first?.reason
                == #"decoding failed: key "selected" at /root/strict: expected an object of class CodedPerson, found CodedEvent"#)
        let restored = window.rootViewController?.children.compactMap { $0 as? EventListController }
        #expect(restored?.map(\.restorationIdentifier) == ["fine"])
        #expect(restored?.first?.selected?.title == "Shared")
    }

    /// Objects whose `init?(coder:)` decode each other in a cycle cannot be made: an error, not
    /// a crash or a hang; the save itself keeps them without recursion.
    @Test func aCycleOfCodingObjectsIsADecodingError() throws {
        let a = CodedNode(label: 1), b = CodedNode(label: 2, next: a)
        a.next = b
        defer { a.next = nil }
        let controller = list("list")
        controller.node = a
        let (store, directory, saveReport) = try save(Make.nav("nav", [controller]), registry: registry())
        defer { _ = directory }
        #expect(saveReport.warnings.isEmpty)
        #expect(try store.loadSnapshot().snapshot.objects.count == 2)
        let (_, report) = try restore(store, registry: registry())
        #expect(report.dropped.map(\.path) == ["/nav/list"])
        let cause = "object #3 (Node): it decodes itself through a cycle of Coding objects (a cycle needs StateRestoring objects)"
        #expect(report.dropped.first?.reason == #"decoding failed: key "node" at /nav/list: object #3 was not restored: Node did not decode: key "next" refers to object #4, which was not restored: "# + cause)
        #expect(report.warnings == [cause.replacingOccurrences(of: "object #3", with: "object 3")])
    }

    /// A chain of objects each decoding the next: restored while it is not too deep; deeper, an
    /// error naming the key, never a stack overflow.
    @Test(arguments: [(links: 60, restores: true), (links: 5_000, restores: false)])
    func chainsOfCodingObjectsDecodeUpToALimit(links: Int, restores: Bool) throws {
        var head: CodedNode?
        for label in (0..<links).reversed() { head = CodedNode(label: label, next: head) }
        let controller = list("list")
        controller.node = head
        let (store, directory, _) = try save(Make.nav("nav", [controller]), registry: registry())
        defer { _ = directory }
        #expect(try store.loadSnapshot().snapshot.objects.count == links)
        let (window, report) = try restore(store, registry: registry())
        if restores {
            #expect(report.dropped.isEmpty)
            var count = 0
            var node = ((window.rootViewController as? NavigationController)?.topViewController as? EventListController)?.node
            while let current = node {
                #expect(current.label == count)
                count += 1
                node = current.next
            }
            #expect(count == links)
        } else {
            #expect(report.dropped.map(\.path) == ["/nav/list"])
            let limit = RestoredInstances.maximumNesting
            #expect(report.dropped.first?.reason == #"decoding failed: key "node" at /nav/list: object #3 was not restored: Node did not decode: key "next" refers to object #4, which was not restored: "#
                    + "object #\(3 + limit) (Node): more than \(limit) Coding objects would be decoding inside each other")
            // Each further stretch of the chain fails the same way, reported once each.
            #expect(report.warnings.count == (links - limit - 1) / (limit + 1) + 1)
            #expect(report.warnings.allSatisfy { $0.hasSuffix("more than \(limit) Coding objects would be decoding inside each other") })
        }
    }

    /// An object no controller decodes is still made (and its errors reported) before the
    /// controllers decode, and untyped reads resolve references inside arrays.
    @Test func everySavedObjectIsMadeAndUntypedReadsResolveThem() throws {
        let controller = list("list")
        let tags = [CodedTag(label: "a"), CodedTag(label: "b")]
        controller.extra = tags
        let (store, directory, _) = try save(Make.nav("nav", [controller]), registry: registry())
        defer { _ = directory }
        let (window, report) = try restore(store, registry: registry())
        #expect(report.dropped.isEmpty)
        let restored = (window.rootViewController as? NavigationController)?.topViewController as? EventListController
        #expect((restored?.extra as? [CodedTag])?.map(\.label) == ["a", "b"])
        #expect((restored?.extra as? [Any])?.count == 2)
    }
}

/// Lets a test make a restored ``EventListController`` ask for another class: set before restore.
@MainActor
enum EventListControllerClassOverride {
    static var pending: [String: AnyClass] = [:]
}
