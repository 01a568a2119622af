import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

/// UIKit's restoration behaviour (docs/behaviour.md §2–§4), each with code written as a UIKit app
/// writes it, renamed.
@MainActor
@Suite(.serialized) struct UIKitBehaviourTests {
    private func store() throws -> (RestorationStore, TemporaryDirectory) {
        let directory = TemporaryDirectory()
        return (try RestorationStore(path: directory.path()), directory)
    }

    // MARK: - Decode after the view loads (docs/behaviour.md §4.5)

    /// A field built in viewDidLoad, read in decode, as Apple's TableSearch sample reads its
    /// search controller: an implicitly unwrapped optional that decoding before the view loaded
    /// would find nil.
    final class SearchViewController: ViewController {
        var searchField: SearchField!
        init() { super.init(nibName: nil, bundle: nil) }
        required init?(coder: Coder) { super.init(coder: coder) }
        override func viewDidLoad() {
            super.viewDidLoad()
            searchField = SearchField()
        }
        override func encodeRestorableState(with coder: Coder) {
            super.encodeRestorableState(with: coder)
            coder.encode(searchField.text, forKey: "searchText")
        }
        override func decodeRestorableState(with coder: Coder) {
            super.decodeRestorableState(with: coder)
            searchField.text = coder.decodeObject(forKey: "searchText") as? String ?? ""
        }
    }

    final class SearchField {
        var text = ""
    }

    @Test func decodingReadsWhatViewDidLoadBuilt() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        let registry = RestorationRegistry()
        registry.register(SearchViewController.self, as: "Search")
        let search = SearchViewController()
        search.restorationIdentifier = "search"
        let window = Window(application: Application())
        window.rootViewController = search
        window.makeKeyAndVisible()
        search.searchField.text = "invoices"
        _ = try store.save(windows: [window], registry: registry)

        let restored = Window(application: Application())
        let report = try store.restore(into: restored, registry: registry)
        #expect(report.dropped.isEmpty)
        #expect((restored.rootViewController as? SearchViewController)?.searchField.text == "invoices")
    }

    // MARK: - Repeated identifiers (docs/behaviour.md §3.2)

    /// Restores through a restoration class, recording the identifier paths it was handed.
    final class Restorable: ViewController, ViewControllerRestoration {
        nonisolated(unsafe) static var paths: [[String]] = []
        static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController? {
            paths.append(identifierComponents)
            let controller = Restorable()
            controller.restorationClass = Restorable.self
            return controller
        }
        init() { super.init(nibName: nil, bundle: nil) }
        required init?(coder: Coder) { super.init(coder: coder) }
    }

    @Test func twoNavigationControllersOfOneIdentifierUnderATabBarSaveAndRestore() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        let registry = RestorationRegistry()
        registry.register(restorationClass: Restorable.self, as: "Restorable")
        func navigation(_ title: String) -> NavigationController {
            let item = Restorable()
            item.restorationIdentifier = "item"
            item.restorationClass = Restorable.self
            item.title = title
            let navigation = NavigationController(rootViewController: item)
            navigation.restorationIdentifier = "Navigation"
            return navigation
        }
        let tabs = TabBarController()
        tabs.restorationIdentifier = "tabs"
        tabs.viewControllers = [navigation("first"), navigation("second")]
        let window = Window(application: Application())
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        let saved = try store.save(windows: [window], registry: registry)
        #expect(saved.saved.map(\.path) == ["/tabs", "/tabs/Navigation[0]", "/tabs/Navigation[0]/item",
                                            "/tabs/Navigation[1]", "/tabs/Navigation[1]/item"])
        Restorable.paths = []
        let restored = Window(application: Application())
        let report = try store.restore(into: restored, registry: registry)
        #expect(report.dropped.isEmpty && report.restored.count == 5)
        #expect(Restorable.paths == [["tabs", "Navigation", "item"], ["tabs", "Navigation", "item"]])
    }

    // MARK: - Restore into what the app built (docs/behaviour.md §4.3)

    /// A container that makes its children in viewDidLoad, the usual UIKit way.
    final class Dashboard: ViewController {
        init() { super.init(nibName: nil, bundle: nil) }
        required init?(coder: Coder) { super.init(coder: coder) }
        override func viewDidLoad() {
            super.viewDidLoad()
            for identifier in ["news", "weather"] {
                let child = Note(identifier)
                addChild(child)
                view.addSubview(child.view)
                child.didMove(toParent: self)
            }
        }
    }

    @Test func aContainerThatMakesItsChildrenInViewDidLoadKeepsOneOfEach() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        let registry = RestorationRegistry()
        registry.register(Dashboard.self, as: "Dashboard")
        registry.register(Note.self, as: "Note")
        let dashboard = Dashboard()
        dashboard.restorationIdentifier = "dashboard"
        let window = Window(application: Application())
        window.rootViewController = dashboard
        window.makeKeyAndVisible()
        (dashboard.children[1] as? Note)?.text = "sunny"
        _ = try store.save(windows: [window], registry: registry)

        let restored = Window(application: Application())
        let report = try store.restore(into: restored, registry: registry)
        #expect(report.dropped.isEmpty)
        let children = restored.rootViewController?.children ?? []
        #expect(children.map(\.restorationIdentifier) == ["news", "weather"])
        #expect((children[1] as? Note)?.text == "sunny")
        restored.makeKeyAndVisible()
        // The next save finds one controller at each path.
        let next = try store.save(windows: [restored], registry: registry)
        #expect(next.saved.map(\.path) == ["/dashboard", "/dashboard/news", "/dashboard/weather"])
    }

    @Test func aRootBuiltAtLaunchIsDecodedIntoNotReplaced() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        let window = Window(application: Application())
        window.rootViewController = Note("home", text: "saved text")
        window.makeKeyAndVisible()
        _ = try store.save(windows: [window], registry: registry)

        let launched = Note("home", text: "launch text")
        let restored = Window(application: Application())
        restored.rootViewController = launched
        let report = try store.restore(into: restored, registry: registry)
        #expect(report.restored == ["/home"])
        #expect(restored.rootViewController === launched)
        #expect(launched.text == "saved text")
    }

    // MARK: - A restoration class that is not registered (docs/behaviour.md §4.3)

    final class Trapping: ViewController, ViewControllerRestoration {
        nonisolated(unsafe) static var initCoderCalls = 0
        static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController? {
            Trapping()
        }
        init() { super.init(nibName: nil, bundle: nil) }
        required init?(coder: Coder) {
            // UIKit code often traps here; counted instead.
            Trapping.initCoderCalls += 1
            super.init(coder: coder)
        }
    }

    @Test func aRestorationClassThatIsNotRegisteredDropsItsControllerWithoutInitCoder() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        let saving = RestorationRegistry()
        saving.register(restorationClass: Trapping.self, as: "Trapping")
        saving.register(Trapping.self, as: "Trapping")
        let trapping = Trapping()
        trapping.restorationIdentifier = "detail"
        trapping.restorationClass = Trapping.self
        let window = Window(application: Application())
        window.rootViewController = Make.nav("nav", [Note("list"), trapping])
        window.makeKeyAndVisible()
        let saved = try store.save(windows: [window], registry: saving)
        #expect(saved.warnings == ["/nav/list: class Note is not registered; restore will drop it unless a class is registered under \"Note\""])

        // The next launch forgot to register the restoration class.
        let restoring = RestorationRegistry()
        restoring.register(Trapping.self, as: "Trapping")
        restoring.register(Note.self, as: "Note")
        Trapping.initCoderCalls = 0
        let report = try store.restore(into: Window(application: Application()), registry: restoring)
        #expect(report.dropped.map(\.reason) == ["its restoration class Trapping is not registered"])
        #expect(Trapping.initCoderCalls == 0)

        // And a save with it unregistered says so.
        let unregistered = try CapturedSnapshot.capture([window], registry: restoring)
        #expect(unregistered.report.warnings.contains { $0.hasPrefix("/nav/detail: restoration class") })
    }

    // MARK: - Objects (docs/behaviour.md §4.5, §6)

    final class Session: RestorableObject {
        var user = ""
        var finished = false
        func encodeRestorableState(with coder: Coder) { coder.encode(user, forKey: "user") }
        func decodeRestorableState(with coder: Coder) { user = coder.decodeString(forKey: "user") ?? "" }
        func applicationFinishedRestoringState() { finished = true }
    }

    @Test func anObjectRegisteredByInstanceDecodesAndFinishesWithoutAReference() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        let application = Application()
        let session = Session()
        session.user = "ada"
        application.registerObject(forStateRestoration: session, restorationIdentifier: "session")
        let window = Window(application: application)
        window.rootViewController = Note("home")
        window.makeKeyAndVisible()
        _ = try store.save(windows: [window], registry: registry)
        window.isHidden = true

        let relaunched = Application()
        let fresh = Session()
        relaunched.registerObject(forStateRestoration: fresh, restorationIdentifier: "session")
        let report = try store.restore(into: Window(application: relaunched), registry: registry)
        #expect(report.warnings.isEmpty)
        #expect(fresh.user == "ada")
        #expect(fresh.finished)
    }

    // MARK: - The application delegate (docs/behaviour.md §2.3)

    final class AppDelegate: Responder, ApplicationDelegate {
        var allowsSave = true
        var lastSync = Date(timeIntervalSinceReferenceDate: 0)
        var restoredSync: Date?
        var savedBuild: String?
        var supplied: [[String]] = []

        func application(_ application: Application, shouldSaveSecureApplicationState coder: Coder) -> Bool { allowsSave }
        func application(_ application: Application, shouldRestoreSecureApplicationState coder: Coder) -> Bool {
            savedBuild = coder.decodeObject(of: NSString.self, forKey: Application.stateRestorationBundleVersionKey) as String?
            return savedBuild == "57"
        }
        func application(_ application: Application, willEncodeRestorableStateWith coder: Coder) {
            coder.encode(lastSync, forKey: "lastSync")
        }
        func application(_ application: Application, didDecodeRestorableStateWith coder: Coder) {
            restoredSync = coder.decodeObject(forKey: "lastSync") as? Date
        }
        func application(_ application: Application, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
                         coder: Coder) -> ViewController? {
            supplied.append(identifierComponents)
            guard identifierComponents.last == "home" else { return nil }
            return Note("home")
        }
    }

    @Test func theApplicationDelegateDecidesAndKeepsItsOwnKeys() throws {
        let directory = TemporaryDirectory()
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        let application = Application()
        let delegate = AppDelegate()
        delegate.lastSync = Date(timeIntervalSinceReferenceDate: 721_692_800.1234568)
        application.delegate = delegate
        let window = Window(application: application)
        window.rootViewController = Make.container("home", [Note("child")])
        window.makeKeyAndVisible()

        delegate.allowsSave = false
        let store = try RestorationStore(path: directory.path(), configuration: StoreConfiguration(appBuild: "57"))
        let declined = try store.save(windows: [window], registry: registry)
        #expect(!declined.didSave && declined.refusal == "the application's delegate declined to save")
        #expect(try store.snapshots().isEmpty)
        delegate.allowsSave = true
        _ = try store.save(windows: [window], registry: registry)

        let relaunched = Application()
        let newDelegate = AppDelegate()
        relaunched.delegate = newDelegate
        let report = try store.restore(into: Window(application: relaunched), registry: registry)
        #expect(report.dropped.isEmpty && report.restored == ["/home", "/home/child"])
        #expect(newDelegate.savedBuild == "57")
        #expect(newDelegate.restoredSync == delegate.lastSync)
        #expect(newDelegate.supplied == [["home"], ["home", "child"]])

        // A build the delegate does not accept: refused, nothing restored.
        let other = try RestorationStore(path: directory.path(), configuration: StoreConfiguration(appBuild: "58"))
        _ = try other.save(windows: [window], registry: registry)
        let refused = try other.restore(into: Window(application: relaunched), registry: registry)
        #expect(!refused.didRestore && refused.refusal?.hasSuffix("the application's delegate declined to restore it") == true)
    }

    // MARK: - Windows

    @Test func aWindowsIdentifierLeadsItsControllersPaths() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        let window = Window(application: Application())
        window.restorationIdentifier = "main"
        window.rootViewController = Make.nav("nav", [Note("list")])
        window.makeKeyAndVisible()
        let saved = try store.save(windows: [window], registry: registry)
        #expect(saved.saved.map(\.path) == ["/main/nav", "/main/nav/list"])
        let restored = Window(application: Application())
        let report = try store.restore(into: restored, registry: registry)
        #expect(report.restored == ["/main/nav", "/main/nav/list"])
        #expect(try store.loadSnapshot().problems.isEmpty)
    }
}
