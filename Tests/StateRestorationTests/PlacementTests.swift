import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

/// Controllers the app places itself during a restore stay where it put them, and a container
/// that makes its own children never ends with one twice.
@MainActor @Suite struct PlacementTests {
    /// A delegate that, like many UIKit apps, makes the window's root itself when asked for it,
    /// sets it as the root, and returns it.
    final class RootMakingDelegate: ApplicationDelegate {
        let window: Window
        var made: NavigationController?

        init(window: Window) { self.window = window }

        func application(_ application: Application, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
                         coder: Coder) -> ViewController? {
            guard identifierComponents == ["mail"] else { return nil }
            let navigation = NavigationController()
            navigation.restorationIdentifier = "mail"
            window.rootViewController = navigation
            made = navigation
            return navigation
        }
    }

    private func registry() -> RestorationRegistry {
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        registry.register(RemakingContainer.self, as: "RemakingContainer")
        return registry
    }

    @Test func aRootTheDelegatePlacedItselfIsUsedWhereItIs() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let saving = Window(application: Application())
        saving.rootViewController = Make.nav("mail", [Note("inbox"), Note("message", text: "hello")])
        saving.makeKeyAndVisible()
        _ = try store.save(windows: [saving], registry: registry())

        let application = Application()
        let window = Window(application: application)
        let delegate = RootMakingDelegate(window: window)
        application.delegate = delegate
        let report = try store.restore(into: window, registry: registry())
        #expect(report.dropped.isEmpty, "\(report)")
        #expect(report.restored == ["/mail", "/mail/inbox", "/mail/message"])
        #expect(window.rootViewController === delegate.made)
        #expect(delegate.made?.viewControllers.compactMap(\.restorationIdentifier) == ["inbox", "message"])
        #expect((delegate.made?.topViewController as? Note)?.text == "hello")
    }

    @Test(arguments: [RestoreTiming.eager, .lazy])
    func aContainerThatRemakesItsChildrenKeepsItsOwn(timing: RestoreTiming) throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let saving = Window(application: Application())
        let container = RemakingContainer()
        container.restorationIdentifier = "profiles"
        container.addProfile("alice")
        saving.rootViewController = container
        saving.makeKeyAndVisible()
        _ = try store.save(windows: [saving], registry: registry())

        let application = Application()
        let window = Window(application: application)
        let report = try store.restore(into: window, registry: registry(), timing: timing)
        window.makeKeyAndVisible()
        let restored = try #require(window.rootViewController as? RemakingContainer)
        #expect(restored.children.map(\.restorationIdentifier) == ["alice"])
        #expect(restored.children.first.map { restored.made.contains($0) } == true, "the container's own child was not the one kept")
        let reason = "RemakingContainer made its own Note for this path in its decodeRestorableState(with:), which is used"
        switch timing {
        case .eager:
            #expect(report.dropped.map(\.path) == ["/profiles/alice"])
            #expect(report.dropped.first?.reason == reason)
        case .lazy:
            #expect(application.diagnostics.map(\.kind) == [.restorationChildReplaced])
        }
    }
}

/// A custom container that saves its children's names itself and makes them again when it
/// decodes, as UIKit requires custom containers to; its children have identifiers, so navstate
/// saves and restores them too.
final class RemakingContainer: ViewController {
    private(set) var made: [ViewController] = []

    func addProfile(_ name: String) {
        let profile = Note(name)
        made.append(profile)
        addChild(profile)
        profile.didMove(toParent: self)
    }

    override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(children.compactMap(\.restorationIdentifier), forKey: "profiles")
    }

    override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        for name in coder.decodeObject(forKey: "profiles") as? [String] ?? [] { addProfile(name) }
    }
}
