// An app in the shape of Xcode's iOS App template whose model is NSCoding classes kept in the
// restoration coder, and whose delegate opts in with the older shouldSave/RestoreApplicationState
// pair only, as 19 of 42 surveyed apps do. UIKit code: only its import line differs from iOS.
// The tests run it in a child process (Tests/ReliabilityTests/TemplateAppTests.swift).
import UIKitCompatibility

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Trace.print("willFinishLaunching")
        window = UIWindow(frame: UIScreen.main.bounds)
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Trace.print("didFinishLaunching restored=\(window?.rootViewController != nil)")
        if window?.rootViewController == nil {
            let notes = NotesViewController()
            notes.restorationIdentifier = "notes"
            let settings = SettingsViewController()
            settings.restorationIdentifier = "settings"
            let tabs = UITabBarController()
            tabs.restorationIdentifier = "tabs"
            tabs.viewControllers = [notes, settings]
            window?.rootViewController = tabs
            if ProcessInfo.processInfo.environment["NOTES_WRITE"] != nil {
                notes.notes = [Note(text: "Buy milk", pinned: true), Note(text: "Call Ann", pinned: false)]
                tabs.selectedIndex = 1
            }
        }
        window?.makeKeyAndVisible()
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) { Trace.print("didEnterBackground") }

    func application(_ application: UIApplication, shouldSaveApplicationState coder: NSCoder) -> Bool {
        Trace.print("shouldSaveApplicationState")
        coder.encode(Int32(3), forKey: "schema")
        return true
    }

    func application(_ application: UIApplication, shouldRestoreApplicationState coder: NSCoder) -> Bool {
        let schema = coder.decodeInt32(forKey: "schema")
        Trace.print("shouldRestoreApplicationState schema=\(schema)")
        return schema == 3
    }
}
