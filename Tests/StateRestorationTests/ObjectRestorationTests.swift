import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

// `UIStateRestoring` and `UIObjectRestoration`, renamed: objects registered by instance, scoped by
// their restoration parent, and made at restore time by their object restoration class.

/// A session object: registered by instance, scoped by the controller that owns it, and made at
/// restore time by ``SessionRestoration``.
final class ScopedSession: StateRestoring {
    var user = ""
    var decodedWith: Coder?
    var finished = false
    weak var owner: (any StateRestoring)?
    var usesRestorationClass = true

    var restorationParent: (any StateRestoring)? { owner }
    var objectRestorationClass: (any ObjectRestoration.Type)? { usesRestorationClass ? SessionRestoration.self : nil }

    func encodeRestorableState(with coder: Coder) { coder.encode(user, forKey: "user") }
    func decodeRestorableState(with coder: Coder) {
        user = coder.decodeString(forKey: "user") ?? ""
        decodedWith = coder
    }
    func applicationFinishedRestoringState() { finished = true }
}

/// Makes sessions at restore time, remembering what it was asked.
@MainActor
enum SessionRestoration: ObjectRestoration {
    static var requests: [(path: [String], user: String?, coder: Coder)] = []
    static var refuses = false
    static var made: [ScopedSession] = []

    static func object(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> (any StateRestoring)? {
        requests.append((identifierComponents, coder.decodeString(forKey: "user"), coder))
        guard !refuses else { return nil }
        let session = ScopedSession()
        made.append(session)
        return session
    }

    static func reset() {
        requests = []
        refuses = false
        made = []
    }
}

/// A controller that refers to a session.
final class SessionHolder: ViewController {
    var session: ScopedSession?
    init() { super.init(nibName: nil, bundle: nil) }
    required init?(coder: Coder) { super.init(coder: coder) }
    override func encodeRestorableState(with coder: Coder) { coder.encode(session, forKey: "session") }
    override func decodeRestorableState(with coder: Coder) { session = coder.decodeObject(of: ScopedSession.self, forKey: "session") }
}

/// An object that implements none of the protocol's members: each has a default.
final class Marker: StateRestoring {}

@MainActor
@Suite(.serialized) struct ObjectRestorationTests {
    private func registry() -> RestorationRegistry {
        let registry = RestorationRegistry()
        registry.register(SessionHolder.self, as: "SessionHolder")
        registry.register(objectRestorationClass: SessionRestoration.self, as: "SessionRestoration")
        return registry
    }

    /// `/nav/inbox` holds a session whose restoration parent is the inbox; both saved.
    private func savedSession(_ configure: (ScopedSession, Application) -> Void = { _, _ in })
        throws -> (RestorationStore, TemporaryDirectory, SaveReport, SessionHolder) {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let application = Application()
        let inbox = SessionHolder()
        inbox.restorationIdentifier = "inbox"
        let session = ScopedSession()
        session.user = "ada"
        session.owner = inbox
        inbox.session = session
        configure(session, application)
        let navigation = NavigationController(rootViewController: inbox)
        navigation.restorationIdentifier = "nav"
        let window = Window(application: application)
        window.restorationIdentifier = "main"
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let report = try store.save(windows: [window], registry: registry())
        window.isHidden = true
        return (store, directory, report, inbox)
    }

    /// UIKit's rule: an object with a restoration class is made by it, with the path of its
    /// restoration parent and its identifier and a coder holding its values; the same coder then
    /// decodes it, and it finishes. The class of the object itself need not be registered.
    @Test func anObjectIsMadeByItsRestorationClassWithItsParentsPath() throws {
        SessionRestoration.reset()
        defer { SessionRestoration.reset() }
        let (store, directory, saveReport, _) = try savedSession { session, application in
            application.registerObject(forStateRestoration: session, restorationIdentifier: "session")
        }
        defer { _ = directory }
        #expect(saveReport.warnings.isEmpty)
        let objects = try store.loadSnapshot().snapshot.objects
        #expect(objects.map(\.identifier) == ["/main/nav/inbox/session"])
        #expect(objects.map(\.className) == ["SessionRestoration"])

        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: registry())
        #expect(report.dropped.isEmpty)
        #expect(report.warnings.isEmpty)
        #expect(SessionRestoration.requests.map(\.path) == [["main", "nav", "inbox", "session"]])
        #expect(SessionRestoration.requests.map(\.user) == ["ada"])
        let made = SessionRestoration.made.first
        #expect(made?.user == "ada")
        #expect(made?.decodedWith === SessionRestoration.requests.first?.coder)
        #expect(made?.finished == true)
        let inbox = (window.rootViewController as? NavigationController)?.topViewController as? SessionHolder
        #expect(inbox?.session === made)
    }

    /// An object saved only because a controller refers to it (not registered by instance) is
    /// made by its restoration class too, with an empty path.
    @Test func aReferencedObjectIsMadeByItsRestorationClass() throws {
        SessionRestoration.reset()
        defer { SessionRestoration.reset() }
        let (store, directory, _, _) = try savedSession()
        defer { _ = directory }
        #expect(try store.loadSnapshot().snapshot.objects.map(\.identifier) == [nil])
        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: registry())
        #expect(report.warnings.isEmpty)
        #expect(SessionRestoration.requests.map(\.path) == [[]])
        let inbox = (window.rootViewController as? NavigationController)?.topViewController as? SessionHolder
        #expect(inbox?.session?.user == "ada")
        #expect(inbox?.session === SessionRestoration.made.first)
    }

    /// A restoration class that returns `nil` leaves the object out: the report says so, and a
    /// reference to it is a decoding error naming the key.
    @Test func aRestorationClassThatRefusesLeavesTheObjectOut() throws {
        SessionRestoration.reset()
        defer { SessionRestoration.reset() }
        let (store, directory, _, _) = try savedSession()
        defer { _ = directory }
        SessionRestoration.refuses = true
        let report = try store.restore(into: Window(application: Application()), registry: registry())
        #expect(report.warnings == ["object 3: its restoration class SessionRestoration returned nil; its state was not restored"])
        #expect(report.dropped.map(\.path) == ["/main/nav/inbox"])
        #expect(report.dropped.first?.reason
                == #"decoding failed: key "session" at /main/nav/inbox: object #3 was not restored: its restoration class SessionRestoration returned nil"#)
    }

    /// Without a restoration class, a registered object comes back into the instance the app
    /// registered again under the same identifier, its parent's path notwithstanding.
    @Test func withoutARestorationClassTheRegisteredInstanceIsDecodedInto() throws {
        let (store, directory, saveReport, _) = try savedSession { session, application in
            session.usesRestorationClass = false
            application.registerObject(forStateRestoration: session, restorationIdentifier: "session")
        }
        defer { _ = directory }
        #expect(saveReport.warnings.isEmpty)
        #expect(try store.loadSnapshot().snapshot.objects.map(\.className) == ["ScopedSession"])
        let relaunched = Application()
        let fresh = ScopedSession()
        relaunched.registerObject(forStateRestoration: fresh, restorationIdentifier: "session")
        let window = Window(application: relaunched)
        let report = try store.restore(into: window, registry: registry())
        #expect(report.warnings.isEmpty)
        #expect(fresh.user == "ada")
        #expect(fresh.finished)
        #expect(((window.rootViewController as? NavigationController)?.topViewController as? SessionHolder)?.session === fresh)
    }

    /// Without a restoration class or a registered class, a referenced object is not kept: the
    /// report names the key and why.
    @Test func anObjectNoRestoreCouldBringBackIsNotSaved() throws {
        let (store, directory, saveReport, _) = try savedSession { session, _ in session.usesRestorationClass = false }
        defer { _ = directory }
        #expect(saveReport.warnings == [#"/main/nav/inbox: a reference to a ScopedSession under key "session" was not kept: its class is not registered"#])
        #expect(try store.loadSnapshot().snapshot.objects.isEmpty)
    }

    /// Parents nest: an object whose parent is another registered object is saved under the
    /// parent's path; a parent that is not saved leaves the identifier alone, with a warning.
    @Test func restorationParentsNestAndAnUnsavedParentIsReported() throws {
        let directory = TemporaryDirectory()
        defer { _ = directory }
        let store = try RestorationStore(path: directory.path())
        let application = Application()
        let home = SessionHolder()
        home.restorationIdentifier = "home"
        let outer = ScopedSession(), inner = ScopedSession(), orphan = ScopedSession()
        outer.owner = home
        inner.owner = outer
        let stranger = SessionHolder()
        stranger.restorationIdentifier = "stranger"
        orphan.owner = stranger
        for (object, identifier) in [(outer, "outer"), (inner, "inner"), (orphan, "orphan")] {
            application.registerObject(forStateRestoration: object, restorationIdentifier: identifier)
        }
        let window = Window(application: application)
        window.rootViewController = home
        window.makeKeyAndVisible()
        let report = try withExtendedLifetime(stranger) { try store.save(windows: [window], registry: registry()) }
        window.isHidden = true
        let identifiers = try store.loadSnapshot().snapshot.objects.compactMap(\.identifier).sorted()
        #expect(identifiers == ["/home/outer", "/home/outer/inner", "orphan"])
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.hasPrefix(#"object "orphan": its restoration parent"#) == true)
        #expect(report.warnings.first?.hasSuffix("is not saved; it is saved under its identifier alone") == true)
    }

    /// Every member has UIKit's default: an object that implements none is saved and restored.
    @Test func everyMemberHasADefault() throws {
        let marker = Marker()
        #expect(marker.restorationParent == nil)
        #expect(marker.objectRestorationClass == nil)
        marker.encodeRestorableState(with: Coder())
        marker.decodeRestorableState(with: Coder())
        marker.applicationFinishedRestoringState()
        let controller = ViewController()
        #expect(controller.restorationParent == nil)
        #expect(controller.objectRestorationClass == nil)
        let restorable: any RestorableObject = marker
        #expect(restorable === marker)
    }
}
