// An app in the shape of Xcode's iOS App template with scenes, written as UIKit code: only its
// import line differs from the iOS source. It mixes both kinds of state: its screens have
// restoration identifiers and it opts in, so navstate rebuilds each window's controllers before
// `scene(_:willConnectTo:options:)` (which UIKit does not do for scenes), and the draft being
// typed travels in the scene's user activity. The tests run it in a child process
// (Tests/ReliabilityTests/SceneAppTests.swift): it launches, goes to the background, is killed
// and relaunches, printing every UIKit callback it gets as a line on standard output.
import UIKitCompatibility

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Trace.print("didFinishLaunching")
        return true
    }

    func applicationWillTerminate(_ application: UIApplication) { Trace.print("willTerminate") }

    // The opt-in of view-controller-based restoration.
    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        Trace.print("shouldSaveSecureApplicationState")
        return true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        Trace.print("shouldRestoreSecureApplicationState")
        return true
    }

    // MARK: UISceneSession Lifecycle

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        Trace.print("configurationForConnecting")
        return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        Trace.print("didDiscardSceneSessions count=\(sceneSessions.count)")
    }
}
