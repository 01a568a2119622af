import ControllerKit
import StateRestoration

/// `port NAME save|restore PATH`: the ported UIKit examples, each saved by one process and
/// restored by another. `restore` prints what a test checks: `trace` lines (the callbacks of the
/// restore, then `show`, then those of showing the window), `value` lines, and the dump.
@MainActor
enum Ports {
    static func run(_ name: String, _ step: String, path: String) throws {
        let registry = RestorationRegistry()
        registry.register(RecipeListViewController.self, as: "RecipeList")
        registry.register(restorationClass: RecipeDetailViewController.self, as: "RecipeDetail")
        registry.register(MainTabBarController.self, as: "MainTabBar")
        registry.register(AudioSettingsViewController.self, as: "AudioSettings")
        registry.register(DisplaySettingsViewController.self, as: "DisplaySettings")
        registry.register(PageViewController.self, as: "Page")
        let application = Application.shared
        let store = try RestorationStore(path: path, configuration: StoreConfiguration(appVersion: "1.0", appBuild: "12"))
        let window = Window(application: application)
        let notebook = Notebook()
        application.registerObject(forStateRestoration: notebook, restorationIdentifier: "Notebook")
        switch (name, step) {
        case ("recipes", "save"):
            application.delegate = RecipesAppDelegate()
            let list = RecipeListViewController()
            list.restorationIdentifier = "RecipeListViewController"
            let navigation = NavigationController(rootViewController: list)
            navigation.restorationIdentifier = "RootNavigation"
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            list.didSelectRow(1)
            (navigation.topViewController as? RecipeDetailViewController)?.servings = 4
        case ("settings", "save"):
            let tabs = MainTabBarController()
            tabs.restorationIdentifier = "MainTabBarController"
            window.rootViewController = tabs
            window.makeKeyAndVisible()
            tabs.selectedIndex = 1
            let audio = (tabs.viewControllers?[0] as? NavigationController)?.topViewController as? AudioSettingsViewController
            audio?.loadViewIfNeeded()
            audio?.volumeSlider.value = 0.8
            audio?.outputControl.selectedSegmentIndex = 1
            let display = (tabs.viewControllers?[1] as? NavigationController)?.topViewController as? DisplaySettingsViewController
            display?.brightness.value = 0.25
        case ("notebook", "save"):
            let delegate = NotebookAppDelegate()
            delegate.lastOpened = Date(timeIntervalSinceReferenceDate: 700_000_000.5)
            application.delegate = delegate
            notebook.pages = ["Monday", "Tuesday"]
            notebook.currentPage = 1
            let page = PageViewController()
            page.restorationIdentifier = "PageViewController"
            page.notebook = notebook
            window.rootViewController = page
            window.makeKeyAndVisible()
            page.textView.text = "Call the bakery"
        case (_, "restore"):
            try restore(name, store: store, registry: registry, window: window, notebook: notebook)
            return
        default:
            fail("usage: navstate-test-helper port recipes|settings|notebook save|restore PATH")
        }
        _ = try store.save(application, registry: registry)
        print("saved")
    }

    private static func restore(_ name: String, store: RestorationStore, registry: RestorationRegistry, window: Window,
                                notebook: Notebook) throws {
        let application = Application.shared
        let notebookDelegate = NotebookAppDelegate()
        switch name {
        case "recipes": application.delegate = RecipesAppDelegate()
        case "notebook": application.delegate = notebookDelegate
        default: break
        }
        // As UIKit builds the app's storyboard root before restoring: the tab bar of the
        // settings app exists, and makes its tabs when its view loads.
        if name == "settings" {
            let tabs = MainTabBarController()
            tabs.restorationIdentifier = "MainTabBarController"
            window.rootViewController = tabs
        }
        let recorder = LifecycleTraceRecorder(observing: [application])
        let report = try store.restore(into: window, registry: registry)
        recorder.stop()
        for dropped in report.dropped { print("dropped \(dropped.path): \(dropped.reason)") }
        for line in recorder.lines { print("trace \(line)") }
        print("trace show")
        let showing = LifecycleTraceRecorder(observing: [application])
        window.makeKeyAndVisible()
        showing.stop()
        for line in showing.lines { print("trace \(line)") }
        for controller in window.allControllers() {
            switch controller {
            case let list as RecipeListViewController: print("value list.selectedRow \(list.selectedRow.map(String.init) ?? "nil")")
            case let detail as RecipeDetailViewController:
                print("value detail \(detail.recipeName) \(detail.servings) \(detail.servingsLabel.text ?? "nil")")
            case let audio as AudioSettingsViewController:
                print("value audio \(audio.volumeSlider.value) \(audio.outputControl.selectedSegmentIndex)")
            case let display as DisplaySettingsViewController: print("value display \(display.brightness.value)")
            case let tabs as MainTabBarController:
                print("value tabs \(tabs.viewControllers?.count ?? 0) selected \(tabs.selectedIndex)")
            case let page as PageViewController:
                print("value page \(page.textView.text ?? "nil") same-notebook \(page.notebook === notebook)")
            default: break
            }
        }
        if name == "notebook" {
            print("value notebook \(notebook.pages) \(notebook.currentPage)")
            print("value lastOpened \(notebookDelegate.lastOpened?.timeIntervalSinceReferenceDate ?? -1)")
        }
        print(window.hierarchyDescription())
    }
}
