// An app in the shape of Xcode's iOS App template, written as UIKit code: only its import line
// differs from the iOS source. The tests run it in a child process (Tests/ReliabilityTests/
// TemplateAppTests.swift): it launches, navigates, goes to the background, is killed and
// relaunches, printing every UIKit callback it gets as a line on standard output.
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
            let first = ViewController()
            first.restorationIdentifier = "first"
            let navigation = UINavigationController(rootViewController: first)
            navigation.restorationIdentifier = "navigation"
            window?.rootViewController = navigation
            if ProcessInfo.processInfo.environment["TEMPLATE_OPEN_DETAIL"] != nil {
                let detail = ViewController()
                detail.restorationIdentifier = "detail"
                detail.count = 7
                navigation.pushViewController(detail, animated: false)
            }
        }
        window?.makeKeyAndVisible()
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) { Trace.print("didBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { Trace.print("willResignActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { Trace.print("didEnterBackground") }
    func applicationWillEnterForeground(_ application: UIApplication) { Trace.print("willEnterForeground") }
    func applicationWillTerminate(_ application: UIApplication) { Trace.print("willTerminate") }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        Trace.print("shouldSaveSecureApplicationState")
        coder.encode(2, forKey: "dataVersion")
        return true
    }

    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        let version = coder.decodeInteger(forKey: "dataVersion")
        Trace.print("shouldRestoreSecureApplicationState dataVersion=\(version)")
        return version == 2
    }

    func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder) {
        Trace.print("willEncodeRestorableState")
    }

    func application(_ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder) {
        Trace.print("didDecodeRestorableState")
    }
}
