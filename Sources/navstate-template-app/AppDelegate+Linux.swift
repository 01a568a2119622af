// What UIKit finds in the app's Info.plist and bundle: how to make the delegate and where its
// state is kept. Only on Linux; the iOS build of the same sources skips this file.
#if !canImport(UIKit)
import UIKitCompatibility

extension AppDelegate: ApplicationLaunchConfiguration {
    static func makeDelegate() -> any UIApplicationDelegate { AppDelegate() }

    static func makeStatePreservation() throws -> (any ApplicationStatePreservation)? {
        let registry = RestorationRegistry()
        registry.register(ViewController.self, as: "ViewController")
        let path = ProcessInfo.processInfo.environment["TEMPLATE_STATE_FILE"] ?? "template-app.sqlite"
        return try StatePreservation(path: path, registry: registry)
    }
}
#endif
