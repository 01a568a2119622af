// What UIKit finds in the app's Info.plist: its scene manifest (one configuration, whose
// delegate is SceneDelegate) and where the sessions' state is kept, with the classes it
// restores. Only on Linux; the iOS build of the same sources skips this file.
#if !canImport(UIKit)
import UIKitCompatibility

extension AppDelegate: SceneLaunchConfiguration {
    static func makeDelegate() -> any UIApplicationDelegate { AppDelegate() }

    static func makeSceneDelegate(for configuration: UISceneConfiguration) -> any UISceneDelegate { SceneDelegate() }

    static func makeSceneStatePreservation() throws -> (any SceneStatePreservation)? {
        let registry = RestorationRegistry()
        registry.register(NotesListViewController.self, as: "NotesList")
        registry.register(NoteViewController.self, as: "Note")
        let path = ProcessInfo.processInfo.environment["MIXED_STATE_FILE"] ?? "mixed-scenes-app.sqlite"
        return try StatePreservation(path: path, registry: registry)
    }
}
#endif
