// App code as a UIKit app writes it: this file builds against UIKit on iOS and against
// UIKitCompatibility on Linux, unchanged.
#if canImport(UIKit)
import UIKit
#else
import UIKitCompatibility
#endif

/// Survey section (d): the scene delegate of Xcode's template, with the activity-based
/// restoration the surveyed scene apps write.
class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    static let activityType = "com.example.mail.reading"

    var window: UIWindow?
    /// The callbacks, in order.
    var calls: [String] = []
    /// The message the scene shows: what its activity carries.
    var messageID = 0

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        calls.append("willConnectTo")
        guard let windowScene = (scene as? UIWindowScene) else { return }
        if let activity = connectionOptions.userActivities.first ?? session.stateRestorationActivity {
            messageID = activity.userInfo?["messageID"] as? Int ?? 0
        }
        scene.userActivity = NSUserActivity(activityType: Self.activityType)
        scene.title = "Inbox"
        window = UIWindow(windowScene: windowScene)
        let inbox = ViewController()
        inbox.title = "Inbox"
        window?.rootViewController = UINavigationController(rootViewController: inbox)
        window?.makeKeyAndVisible()
    }

    func sceneDidDisconnect(_ scene: UIScene) {
        calls.append("sceneDidDisconnect")
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        calls.append("sceneDidBecomeActive")
    }

    func sceneWillResignActive(_ scene: UIScene) {
        calls.append("sceneWillResignActive")
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        calls.append("sceneWillEnterForeground")
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        calls.append("sceneDidEnterBackground")
    }

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        calls.append("stateRestorationActivity")
        scene.userActivity?.addUserInfoEntries(from: ["messageID": messageID])
        return scene.userActivity
    }

    func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity) {
        calls.append("restoreInteractionState")
    }
}

/// The app delegate of Xcode's scene template: it chooses each new session's configuration and
/// hears of discarded sessions.
class SceneAppDelegate: UIResponder, UIApplicationDelegate {
    var calls: [String] = []
    var discardedIdentifiers: [String] = []

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        calls.append("didFinishLaunching")
        return true
    }

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        calls.append("configurationForConnecting")
        return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        calls.append("didDiscardSceneSessions")
        discardedIdentifiers += sceneSessions.map(\.persistentIdentifier)
    }
}
