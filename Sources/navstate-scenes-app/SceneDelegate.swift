import UIKitCompatibility

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    /// The window's name in the trace: the message it shows.
    private var name = "?"
    /// Whether this process already opened its second window.
    private static var openedNewWindow = false

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let source = connectionOptions.userActivities.isEmpty ? (session.stateRestorationActivity == nil ? "none" : "session") : "connectionOptions"
        let message: Message?
        if let activity = connectionOptions.userActivities.first ?? session.stateRestorationActivity {
            message = Message(activity: activity)
        } else {
            // The user's navigation in a new window, as the tests ask for it.
            message = ProcessInfo.processInfo.environment["SCENES_OPEN_MESSAGE"].flatMap(Message.init)
        }
        name = message?.name ?? "inbox"
        Trace.print("\(name): willConnectTo activity=\(source)")

        let window = UIWindow(windowScene: windowScene)
        let navigation = UINavigationController(rootViewController: MailboxViewController(mailbox: message?.mailbox ?? "inbox"))
        if let message {
            let reading = MessageViewController(message: message)
            navigation.pushViewController(reading, animated: false)
            // Shared with the scene: the activity UIKit keeps is the one the message updates.
            scene.userActivity = reading.userActivity
            scene.title = message.name
        }
        window.rootViewController = navigation
        self.window = window
        window.makeKeyAndVisible()
    }

    func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity) {
        Trace.print("\(name): restoreInteractionState title=\(stateRestorationActivity.title ?? "nil") userInfo=\(Trace.describe(stateRestorationActivity.userInfo ?? [:]))")
    }

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        Trace.print("\(name): stateRestorationActivity")
        return scene.userActivity
    }

    func sceneDidDisconnect(_ scene: UIScene) { Trace.print("\(name): sceneDidDisconnect") }
    func sceneWillResignActive(_ scene: UIScene) { Trace.print("\(name): sceneWillResignActive") }
    func sceneWillEnterForeground(_ scene: UIScene) { Trace.print("\(name): sceneWillEnterForeground") }
    func sceneDidEnterBackground(_ scene: UIScene) { Trace.print("\(name): sceneDidEnterBackground") }

    func sceneDidBecomeActive(_ scene: UIScene) {
        Trace.print("\(name): sceneDidBecomeActive")
        // "Open in New Window" on a message, as the tests ask for it once the first window is up.
        guard !Self.openedNewWindow,
              let message = ProcessInfo.processInfo.environment["SCENES_OPEN_IN_NEW_WINDOW"].flatMap(Message.init) else { return }
        Self.openedNewWindow = true
        // After this callback, as a tap comes: UIKit connects the new scene later, too.
        DispatchQueue.main.async {
            UIApplication.shared.requestSceneSessionActivation(nil, userActivity: message.activity(), options: nil) { error in
                Trace.print("requestSceneSessionActivation failed: \(error)")
            }
        }
    }
}
