// What UIKit finds in the app's Info.plist: its scene manifest (one configuration, whose
// delegate is SceneDelegate) and where the sessions' state is kept. Only on Linux; the iOS
// build of the same sources skips this file.
#if !canImport(UIKit)
import UIKitCompatibility

extension AppDelegate: SceneLaunchConfiguration {
    static func makeDelegate() -> any UIApplicationDelegate { AppDelegate() }

    static func makeSceneDelegate(for configuration: UISceneConfiguration) -> any UISceneDelegate { SceneDelegate() }

    /// No class is registered: the app keeps only its activities, and re-creates its screens.
    static func makeSceneStatePreservation() throws -> (any SceneStatePreservation)? {
        let path = ProcessInfo.processInfo.environment["SCENES_STATE_FILE"] ?? "scenes-app.sqlite"
        return try StatePreservation(path: path, registry: RestorationRegistry())
    }
}
#endif
