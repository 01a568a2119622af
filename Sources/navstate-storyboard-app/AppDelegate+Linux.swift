// What UIKit finds in the app's Info.plist and bundle: the main storyboard (UIMainStoryboardFile),
// its scenes (Main.storyboard), how to make the delegate and where its state is kept. Only on
// Linux; the iOS build of the same sources skips this file.
#if !canImport(UIKit)
import UIKitCompatibility

extension AppDelegate: ApplicationLaunchConfiguration {
    /// Main.storyboard's scenes, by storyboard ID ("navigation" is its initial controller), and
    /// its segues.
    static func registerMainStoryboard() {
        Storyboard.register(name: "Main", initial: "navigation", scenes: [
            "navigation": {
                UINavigationController(rootViewController: UIStoryboard(name: "Main", bundle: nil)
                    .instantiateViewController(withIdentifier: "inbox"))
            },
            "inbox": { InboxViewController() },
            "detail": { DetailViewController() },
        ], segues: [
            "inbox": ["showDetail": .show("detail")],
        ])
    }

    /// As UIKit does for an app with a main storyboard: the delegate gets a window whose root is
    /// the storyboard's initial controller, before the launch.
    static func makeDelegate() -> any UIApplicationDelegate {
        registerMainStoryboard()
        let delegate = AppDelegate()
        delegate.window = UIWindow(frame: UIScreen.main.bounds)
        delegate.window?.rootViewController = UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController()
        return delegate
    }

    /// No class is registered: the restore re-makes every controller from its storyboard.
    static func makeStatePreservation() throws -> (any ApplicationStatePreservation)? {
        let path = ProcessInfo.processInfo.environment["STORYBOARD_STATE_FILE"] ?? "storyboard-app.sqlite"
        return try StatePreservation(path: path, registry: RestorationRegistry())
    }
}
#endif
