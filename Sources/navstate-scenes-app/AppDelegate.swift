// An app in the shape of Xcode's iOS App template with scenes, written as UIKit code: only its
// import line differs from the iOS source. It restores each window from a user activity, as
// Apple recommends since iOS 13, and opens a message in a second window. The tests run it in a
// child process (Tests/ReliabilityTests/SceneAppTests.swift): it launches with two windows,
// goes to the background, is killed and relaunches, printing every UIKit callback it gets as a
// line on standard output.
import UIKitCompatibility

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Trace.print("didFinishLaunching")
        return true
    }

    func applicationWillTerminate(_ application: UIApplication) { Trace.print("willTerminate") }

    // MARK: UISceneSession Lifecycle

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        Trace.print("configurationForConnecting activities=\(options.userActivities.count)")
        return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        Trace.print("didDiscardSceneSessions count=\(sceneSessions.count)")
    }
}
