import Testing
import UIKitCompatibility

/// A restoration store in a fresh directory, removed with the value. StateRestoration is what a
/// Linux build adds to UIKit code: the store, and the registry of the app's classes.
final class TemporaryStore {
    let directory: URL
    let store: RestorationStore

    init(appVersion: String = "2.1", appBuild: String = "57") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-conformance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try RestorationStore(path: directory.appendingPathComponent("state.sqlite").path,
                                     configuration: StoreConfiguration(appVersion: appVersion, appBuild: appBuild))
    }

    deinit {
        try? store.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// The registry of the test app's classes: what UIKit finds by class name, registered by name.
@MainActor
func appRegistry() -> RestorationRegistry {
    let registry = RestorationRegistry()
    registry.register(ViewController.self, as: "ViewController")
    registry.register(ComposeViewController.self, as: "Compose")
    registry.register(SettingsViewController.self, as: "Settings")
    registry.register(NavigationController.self, as: "Navigation")
    registry.register(TabBarController.self, as: "TabBar")
    registry.register(SplitViewController.self, as: "Split")
    registry.register(restorationClass: DetailViewController.self, as: "Detail")
    registry.register(restorationClass: PhotoViewController.self, as: "Photo")
    return registry
}

/// What a save and a restore in a second, fresh application gave.
struct RoundTrip {
    let saved: SaveReport
    let restored: RestoreReport
    let window: UIWindow
}

/// Builds the UI `build` makes in a shown window of its own application, saves it, and
/// restores into a hidden window of a second application (as a relaunch would), with `delegate`
/// as both applications' delegate. The restored window is left hidden.
@MainActor
func roundTrip(delegate: AppDelegate? = nil, restoringWith restoreDelegate: AppDelegate? = nil,
               _ build: (UIWindow) -> Void) throws -> RoundTrip {
    let storage = try TemporaryStore()
    let registry = appRegistry()

    let application = UIApplication()
    application.delegate = delegate
    let window = UIWindow(frame: UIScreen.main.bounds, application: application)
    build(window)
    window.makeKeyAndVisible()
    let saved = try storage.store.save(application, registry: registry)
    window.isHidden = true

    let relaunched = UIApplication()
    relaunched.delegate = restoreDelegate ?? delegate
    let restoredWindow = UIWindow(frame: UIScreen.main.bounds, application: relaunched)
    let restored = try storage.store.restore(into: restoredWindow, registry: registry)
    return RoundTrip(saved: saved, restored: restored, window: restoredWindow)
}
