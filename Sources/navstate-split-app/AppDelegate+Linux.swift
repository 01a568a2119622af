// What UIKit finds in the app's Info.plist and bundle. Only on Linux.
#if !canImport(UIKit)
import UIKitCompatibility

extension AppDelegate: ApplicationLaunchConfiguration {
    static func makeDelegate() -> any UIApplicationDelegate { AppDelegate() }

    static func makeStatePreservation() throws -> (any ApplicationStatePreservation)? {
        let registry = RestorationRegistry()
        registry.register(ListViewController.self, as: "List")
        registry.register(restorationClass: DetailViewController.self, as: "Detail")
        let path = ProcessInfo.processInfo.environment["TEMPLATE_STATE_FILE"] ?? "split-app.sqlite"
        return try StatePreservation(path: path, registry: registry)
    }
}
#endif
