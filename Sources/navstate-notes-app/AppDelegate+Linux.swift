// What UIKit finds in the app's Info.plist and bundle. Only on Linux.
#if !canImport(UIKit)
import UIKitCompatibility

extension AppDelegate: ApplicationLaunchConfiguration {
    static func makeDelegate() -> any UIApplicationDelegate { AppDelegate() }

    static func makeStatePreservation() throws -> (any ApplicationStatePreservation)? {
        let registry = RestorationRegistry()
        registry.register(NotesViewController.self, as: "Notes")
        registry.register(SettingsViewController.self, as: "Settings")
        registry.registerObject(Note.self, as: "Note")
        let path = ProcessInfo.processInfo.environment["TEMPLATE_STATE_FILE"] ?? "notes-app.sqlite"
        return try StatePreservation(path: path, registry: registry)
    }
}
#endif
