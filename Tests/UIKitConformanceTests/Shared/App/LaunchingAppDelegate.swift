// App code as a UIKit app writes it: this file builds against UIKit on iOS and against
// UIKitCompatibility on Linux, unchanged.
#if canImport(UIKit)
import UIKit
#else
import UIKitCompatibility
#endif

/// Rows 24–28: a classic app delegate that implements the launch and only the older decision
/// pair, as 19 of the 42 surveyed apps do.
class LaunchingAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    /// The callbacks, in order.
    var calls: [String] = []
    /// The options `didFinishLaunchingWithOptions` received.
    var launchURL: URL?

    func application(_ application: UIApplication,
                     willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        calls.append("willFinishLaunching")
        return true
    }

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        calls.append("didFinishLaunching")
        launchURL = launchOptions?[.url] as? URL
        // Nothing restored: the first screen.
        if window?.rootViewController == nil {
            let main = ViewController()
            main.restorationIdentifier = "main"
            window?.rootViewController = main
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        calls.append("applicationDidEnterBackground")
    }

    func application(_ application: UIApplication, shouldSaveApplicationState coder: NSCoder) -> Bool {
        calls.append("shouldSaveApplicationState")
        return true
    }

    func application(_ application: UIApplication, shouldRestoreApplicationState coder: NSCoder) -> Bool {
        calls.append("shouldRestoreApplicationState")
        return true
    }
}
