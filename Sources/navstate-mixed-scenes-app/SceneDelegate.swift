import UIKitCompatibility

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    static let editingActivityType = "com.example.notes.editing"

    // Made before `scene(_:willConnectTo:options:)`, as UIKit makes a storyboard scene's window:
    // navstate restores the session's controllers into it. Shown by the system after the
    // restoration, since this delegate does not show it.
    var window: UIWindow?

    private var editor: NoteViewController? {
        (window?.rootViewController as? UINavigationController)?.topViewController as? NoteViewController
    }

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let activity = connectionOptions.userActivities.first ?? session.stateRestorationActivity
        Trace.print("willConnectTo restored=\(window?.rootViewController != nil) activity=\(activity?.activityType ?? "nil")")
        if window == nil { window = UIWindow(windowScene: windowScene) }
        if window?.rootViewController == nil {
            let notes = NotesListViewController()
            notes.restorationIdentifier = "notes"
            let navigation = UINavigationController(rootViewController: notes)
            navigation.restorationIdentifier = "navigation"
            window?.rootViewController = navigation
            // The user's navigation, as the tests ask for it.
            if let note = ProcessInfo.processInfo.environment["MIXED_OPEN_NOTE"].flatMap(Int.init) {
                notes.open(note: note)
                editor?.draft = ProcessInfo.processInfo.environment["MIXED_DRAFT"] ?? ""
            }
        }
    }

    func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity) {
        let draft = stateRestorationActivity.userInfo?["draft"] as? String
        Trace.print("restoreInteractionState draft=\(draft?.debugDescription ?? "nil") editor=\(editor?.noteID.description ?? "none")")
        if let draft { editor?.draft = draft }
    }

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        Trace.print("stateRestorationActivity")
        guard let editor else { return nil }
        let activity = NSUserActivity(activityType: Self.editingActivityType)
        activity.addUserInfoEntries(from: ["draft": editor.draft])
        return activity
    }

    func sceneDidDisconnect(_ scene: UIScene) { Trace.print("sceneDidDisconnect") }
    func sceneDidBecomeActive(_ scene: UIScene) { Trace.print("sceneDidBecomeActive") }
    func sceneWillResignActive(_ scene: UIScene) { Trace.print("sceneWillResignActive") }
    func sceneWillEnterForeground(_ scene: UIScene) { Trace.print("sceneWillEnterForeground") }
    func sceneDidEnterBackground(_ scene: UIScene) { Trace.print("sceneDidEnterBackground") }
}
