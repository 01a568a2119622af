// An app in the shape of Xcode's iOS App template with a Main storyboard, written as UIKit code:
// only its import line differs from the iOS source. Its controllers come from the "Main"
// storyboard, as UIKit's do from Main.storyboard. The tests run it in a child process
// (Tests/ReliabilityTests/StoryboardAppTests.swift): it launches, navigates, goes to the
// background, is killed and relaunches, printing every UIKit callback it gets as a line on
// standard output.
import UIKitCompatibility

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    // Set by UIKit from the main storyboard before the launch, with its initial controller.
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Trace.print("willFinishLaunching")
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let navigation = window?.rootViewController as? UINavigationController
        let restored = (navigation?.viewControllers.count ?? 0) > 1
        Trace.print("didFinishLaunching restored=\(restored)")
        if !restored, let item = ProcessInfo.processInfo.environment["STORYBOARD_OPEN_ITEM"].flatMap(Int.init),
           let inbox = navigation?.topViewController as? InboxViewController {
            inbox.openDetail(item: item)
        }
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) { Trace.print("didBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { Trace.print("willResignActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { Trace.print("didEnterBackground") }
    func applicationWillEnterForeground(_ application: UIApplication) { Trace.print("willEnterForeground") }
    func applicationWillTerminate(_ application: UIApplication) { Trace.print("willTerminate") }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        Trace.print("shouldSaveSecureApplicationState")
        return true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        Trace.print("shouldRestoreSecureApplicationState")
        return true
    }

    func application(_ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder) {
        Trace.print("didDecodeRestorableState")
    }
}
