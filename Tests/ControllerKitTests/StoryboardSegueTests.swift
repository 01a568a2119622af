import ControllerKit
import Foundation
import Testing

/// Registered segues: `performSegue(withIdentifier:sender:)` instantiates the destination from the
/// source's storyboard, hands the segue to `prepare(for:sender:)`, then performs it; unknown
/// segues are diagnostics. Each test registers storyboard names of its own.
@MainActor @Suite struct StoryboardSegueTests {
    final class Source: ViewController {
        var prepared: [(identifier: String?, destination: ViewController, sender: String?, wasShownYet: Bool)] = []
        init() { super.init(nibName: nil, bundle: nil) }
        required init?(coder: Coder) { super.init(coder: coder) }
        override func prepare(for segue: StoryboardSegue, sender: Any?) {
            super.prepare(for: segue, sender: sender)
            #expect(segue.source === self)
            let shown = segue.destination.parent != nil || segue.destination.presentingViewController != nil
            prepared.append((segue.identifier, segue.destination, sender as? String, shown))
            (segue.destination as? Destination)?.item = sender as? String
        }
    }

    final class Destination: ViewController {
        var item: String?
        init() { super.init(nibName: nil, bundle: nil) }
        required init?(coder: Coder) { super.init(coder: coder) }
    }

    private func uniqueName(_ base: String) -> String { "\(base)-\(UUID().uuidString)" }

    private func register(_ name: String) {
        Storyboard.register(name: name, initial: "list", scenes: [
            "list": { Source() },
            "other": { Source() },
            "detail": { Destination() },
            "settings": { Destination() },
        ], segues: [
            "list": ["open": .show("detail"), "settings": .presentModally("settings")],
            "other": ["open": .show("settings")],      // the same identifier, another scene's segue
        ])
    }

    @Test func aShowSeguePushesTheDestinationAfterPrepare() throws {
        let name = uniqueName("Segues")
        register(name)
        defer { Storyboard.unregister(name: name) }
        let list = try #require(Storyboard(name: name, bundle: nil).instantiateInitialViewController() as? Source)
        let navigation = NavigationController(rootViewController: list)
        let window = Window(application: Application())
        window.rootViewController = navigation
        window.makeKeyAndVisible()

        list.performSegue(withIdentifier: "open", sender: "item 3")
        let detail = try #require(navigation.topViewController as? Destination)
        #expect(navigation.viewControllers.count == 2)
        #expect(detail.item == "item 3")
        #expect(detail.storyboard?.name == name && detail.restorationIdentifier == "detail")
        #expect(list.prepared.count == 1)
        #expect(list.prepared.first?.identifier == "open" && list.prepared.first?.destination === detail)
        #expect(list.prepared.first?.wasShownYet == false)     // prepare comes before the push
    }

    @Test func aModalSeguePresentsTheDestination() throws {
        let name = uniqueName("Modal")
        register(name)
        defer { Storyboard.unregister(name: name) }
        let list = try #require(Storyboard(name: name, bundle: nil).instantiateInitialViewController() as? Source)
        let window = Window(application: Application())
        window.rootViewController = list
        window.makeKeyAndVisible()
        list.performSegue(withIdentifier: "settings", sender: nil)
        let settings = try #require(list.presentedViewController as? Destination)
        #expect(settings.restorationIdentifier == "settings")
        #expect(list.prepared.map(\.identifier) == ["settings"])
    }

    @Test func seguesBelongToTheirSourceScene() throws {
        let name = uniqueName("PerScene")
        register(name)
        defer { Storyboard.unregister(name: name) }
        let other = try #require(Storyboard(name: name, bundle: nil).instantiateViewController(withIdentifier: "other") as? Source)
        let navigation = NavigationController(rootViewController: other)
        other.performSegue(withIdentifier: "open", sender: nil)
        #expect(navigation.topViewController?.restorationIdentifier == "settings")
    }

    @Test func anUnknownSegueChangesNothingAndIsReported() throws {
        let name = uniqueName("Unknown")
        register(name)
        defer { Storyboard.unregister(name: name) }
        // Diagnostics go to the source's window's application.
        let application = Application()
        let list = try #require(Storyboard(name: name, bundle: nil).instantiateInitialViewController() as? Source)
        let navigation = NavigationController(rootViewController: list)
        let window = Window(application: application)
        window.rootViewController = navigation
        list.performSegue(withIdentifier: "missing", sender: nil)
        #expect(navigation.viewControllers.count == 1)
        #expect(list.prepared.isEmpty)
        #expect(application.diagnostics.map(\.kind) == [.storyboardNotFound])
        #expect(application.diagnostics.first?.message.contains("no segue with identifier \"missing\"") == true)

        let inCode = Source()
        window.rootViewController = inCode
        inCode.performSegue(withIdentifier: "open", sender: nil)
        #expect(inCode.prepared.isEmpty)
        #expect(application.diagnostics.map(\.kind) == [.storyboardNotFound, .storyboardNotFound])
        #expect(application.diagnostics.last?.message.hasSuffix("it was not instantiated from a storyboard") == true)
    }

    @Test func aSegueMadeInCodePerformsItsHandlerOrNothing() {
        final class Counting: StoryboardSegue {
            var performed = 0
            override func perform() {
                super.perform()
                performed += 1
            }
        }
        let source = ViewController()
        let destination = ViewController()
        var handled = 0
        let segue = StoryboardSegue(identifier: "x", source: source, destination: destination) { handled += 1 }
        segue.perform()
        #expect(handled == 1)
        let plain = Counting(identifier: nil, source: source, destination: destination)
        plain.perform()
        #expect(plain.performed == 1 && plain.identifier == nil && plain.destination === destination)
        #expect(source.shouldPerformSegue(withIdentifier: "x", sender: nil))
    }
}
