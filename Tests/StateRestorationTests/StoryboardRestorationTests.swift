import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

/// Storyboard controllers through a save and a restore: the save records the storyboard's name
/// under `Application.stateRestorationViewControllerStoryboardKey` before the controller encodes,
/// and the restore re-makes the controller from that storyboard (UIKit's rule), after the
/// restoration class, the delegates and the app's own controllers, before the registry.
///
/// Every test registers storyboards under names of its own: the registrations are global.
@MainActor @Suite struct StoryboardRestorationTests {
    /// A scene's class, never registered with the restoration registry.
    final class Page: ViewController {
        var count = 0
        var awoke = 0
        var storyboardNameSeenWhileEncoding: String?
        var storyboardSeenWhileDecoding: Storyboard?
        init() { super.init(nibName: nil, bundle: nil) }
        required init?(coder: Coder) { super.init(coder: coder) }
        override func awakeFromNib() {
            super.awakeFromNib()
            awoke += 1
        }
        override func encodeRestorableState(with coder: Coder) {
            super.encodeRestorableState(with: coder)
            storyboardNameSeenWhileEncoding = coder.decodeString(forKey: Application.stateRestorationViewControllerStoryboardKey)
            coder.encode(count, forKey: "count")
        }
        override func decodeRestorableState(with coder: Coder) {
            super.decodeRestorableState(with: coder)
            count = coder.decodeInteger(forKey: "count")
            storyboardSeenWhileDecoding = coder.decodeObject(forKey: Application.stateRestorationViewControllerStoryboardKey) as? Storyboard
        }
    }

    /// A restoration class that remakes its controller from the storyboard it finds in the coder,
    /// as UIKit apps do.
    final class Detail: ViewController, ViewControllerRestoration {
        static var foundStoryboards: [String?] = []
        var madeBy = "scene"
        init() { super.init(nibName: nil, bundle: nil) }
        required init?(coder: Coder) { super.init(coder: coder) }
        static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController? {
            let storyboard = coder.decodeObject(forKey: Application.stateRestorationViewControllerStoryboardKey) as? Storyboard
            foundStoryboards.append(storyboard?.name)
            guard let storyboard, let identifier = identifierComponents.last else { return nil }
            let detail = storyboard.instantiateViewController(withIdentifier: identifier) as? Detail
            detail?.madeBy = "restoration class"
            return detail
        }
    }

    private func uniqueName(_ base: String) -> String { "\(base)-\(UUID().uuidString)" }

    private func registerPages(_ name: String) {
        Storyboard.register(name: name, initial: "list", scenes: [
            "list": { Page() },
            "page": { Page() },
        ])
    }

    /// A navigation stack made in code, holding two storyboard controllers.
    private func saveStack(from storyboardName: String, to store: RestorationStore, registry: RestorationRegistry) throws -> SaveReport {
        let storyboard = Storyboard(name: storyboardName, bundle: nil)
        let list = try #require(storyboard.instantiateInitialViewController() as? Page)
        let page = try #require(storyboard.instantiateViewController(withIdentifier: "page") as? Page)
        page.count = 7
        let navigation = NavigationController(rootViewController: list)
        navigation.restorationIdentifier = "navigation"
        navigation.pushViewController(page, animated: false)
        let window = Window(application: Application())
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let report = try store.save(windows: [window], registry: registry)
        #expect(list.storyboardNameSeenWhileEncoding == storyboardName)
        #expect(page.storyboardNameSeenWhileEncoding == storyboardName)
        return report
    }

    @Test(arguments: [RestoreTiming.eager, .lazy])
    func storyboardControllersAreRemadeFromTheirStoryboard(timing: RestoreTiming) throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let name = uniqueName("Main")
        registerPages(name)
        defer { Storyboard.unregister(name: name) }
        let registry = RestorationRegistry()       // Page is not registered: the storyboard makes it
        let saved = try saveStack(from: name, to: store, registry: registry)
        #expect(saved.warnings.isEmpty, "\(saved)")
        #expect(saved.saved.map(\.path) == ["/navigation", "/navigation/list", "/navigation/page"])

        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: registry, timing: timing)
        #expect(report.dropped.isEmpty, "\(report)")
        #expect(report.restored == ["/navigation", "/navigation/list", "/navigation/page"])
        let navigation = try #require(window.rootViewController as? NavigationController)
        let pages = navigation.viewControllers.compactMap { $0 as? Page }
        #expect(pages.count == 2)
        #expect(pages.map(\.storyboard?.name) == [name, name])
        #expect(pages.map(\.restorationIdentifier) == ["list", "page"])
        #expect(pages.map(\.awoke) == [1, 1])
        window.makeKeyAndVisible()                  // a lazy restore decodes what appears
        #expect(pages.last?.count == 7)
        #expect(pages.last?.storyboardSeenWhileDecoding?.name == name)
    }

    @Test func aStoryboardNoLongerRegisteredDropsItsControllersWithTheReason() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let name = uniqueName("Gone")
        registerPages(name)
        _ = try saveStack(from: name, to: store, registry: RestorationRegistry())
        Storyboard.unregister(name: name)

        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: RestorationRegistry())
        #expect(report.restored == ["/navigation"])
        #expect(report.dropped.map(\.path) == ["/navigation/list", "/navigation/page"])
        #expect(report.dropped.map(\.reason) == Array(repeating: "its storyboard \(name.debugDescription) is not registered", count: 2))
        #expect((window.rootViewController as? NavigationController)?.viewControllers.isEmpty == true)
    }

    @Test func aSceneNoLongerInItsStoryboardDropsItsController() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let name = uniqueName("Changed")
        registerPages(name)
        defer { Storyboard.unregister(name: name) }
        _ = try saveStack(from: name, to: store, registry: RestorationRegistry())
        Storyboard.register(name: name, initial: "list", scenes: ["list": { Page() }])

        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: RestorationRegistry())
        #expect(report.restored == ["/navigation", "/navigation/list"])
        #expect(report.dropped.map(\.reason) == ["its storyboard \(name.debugDescription) has no scene \"page\""])
    }

    @Test func aRestorationClassReadsTheStoryboardFromItsCoder() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let name = uniqueName("Detail")
        Storyboard.register(name: name, scenes: ["detail": {
            let detail = Detail()
            detail.restorationClass = Detail.self
            return detail
        }])
        defer { Storyboard.unregister(name: name) }
        let registry = RestorationRegistry()
        registry.register(restorationClass: Detail.self, as: "Detail")
        let detail = Storyboard(name: name, bundle: nil).instantiateViewController(withIdentifier: "detail")
        let window = Window(application: Application())
        window.rootViewController = detail
        window.makeKeyAndVisible()
        _ = try store.save(windows: [window], registry: registry)

        Detail.foundStoryboards = []
        let restored = Window(application: Application())
        let report = try store.restore(into: restored, registry: registry)
        #expect(report.dropped.isEmpty, "\(report)")
        #expect(Detail.foundStoryboards == [name])
        let made = try #require(restored.rootViewController as? Detail)
        #expect(made.madeBy == "restoration class")     // the class came first, and used the storyboard
        #expect(made.storyboard?.name == name)
    }

    @Test func theDelegateComesBeforeTheStoryboard() throws {
        final class Supplying: RestorationDelegate {
            func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController? {
                identifierComponents.last == "page" ? Page() : nil
            }
        }
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let name = uniqueName("Delegated")
        registerPages(name)
        defer { Storyboard.unregister(name: name) }
        _ = try saveStack(from: name, to: store, registry: RestorationRegistry())

        let registry = RestorationRegistry()
        let delegate = Supplying()
        registry.delegate = delegate
        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: registry)
        #expect(report.dropped.isEmpty, "\(report)")
        let pages = (window.rootViewController as? NavigationController)?.viewControllers.compactMap { $0 as? Page } ?? []
        #expect(pages.map(\.storyboard?.name) == [name, nil])   // the page came from the delegate
        #expect(pages.last?.count == 7)
    }

    @Test func aSceneThatSetsItsOwnIdentifierIsRemadeOnlyUnderItsStoryboardID() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let name = uniqueName("Renamed")
        Storyboard.register(name: name, initial: "list", scenes: ["list": {
            let page = Page()
            page.restorationIdentifier = "other"       // not "Use Storyboard ID"
            return page
        }])
        defer { Storyboard.unregister(name: name) }
        let page = try #require(Storyboard(name: name, bundle: nil).instantiateInitialViewController())
        #expect(page.restorationIdentifier == "other")
        let window = Window(application: Application())
        window.rootViewController = page
        window.makeKeyAndVisible()
        _ = try store.save(windows: [window], registry: RestorationRegistry())

        let report = try store.restore(into: Window(application: Application()), registry: RestorationRegistry())
        #expect(!report.didRestore)
        #expect(report.dropped.map(\.reason) == ["its storyboard \(name.debugDescription) has no scene \"other\""])
    }

    @Test func controllersMadeInCodeHaveNoStoryboardKey() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let registry = RestorationRegistry()
        registry.register(Page.self, as: "Page")
        let page = Page()
        page.restorationIdentifier = "page"
        let window = Window(application: Application())
        window.rootViewController = page
        window.makeKeyAndVisible()
        let saved = try store.save(windows: [window], registry: registry)
        #expect(page.storyboardNameSeenWhileEncoding == nil)
        #expect(saved.warnings.isEmpty)

        let restored = Window(application: Application())
        _ = try store.restore(into: restored, registry: registry)
        let made = try #require(restored.rootViewController as? Page)
        #expect(made.storyboard == nil)
        #expect(made.awoke == 0)
        #expect(made.storyboardSeenWhileDecoding == nil)
    }
}
