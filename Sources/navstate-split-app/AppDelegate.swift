// A master-detail app in the shape of Xcode's templates: its delegate makes the split view
// controller itself when restoration asks for it, its detail screen comes back through a
// restoration class, and it extends the restoration until it is active. UIKit code: only its
// import line differs from iOS. The tests run it in a child process
// (Tests/ReliabilityTests/TemplateAppTests.swift).
import UIKitCompatibility

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Trace.print("willFinishLaunching")
        window = UIWindow(frame: UIScreen.main.bounds)
        // The items a restored screen shows load after the launch: restoration ends once they have.
        application.extendStateRestoration()
        return true
    }

    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
                     coder: NSCoder) -> UIViewController? {
        guard identifierComponents == ["split"] else { return nil }
        Trace.print("viewControllerWithRestorationIdentifierPath \(identifierComponents)")
        let split = makeSplit()
        window?.rootViewController = split
        return split
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Trace.print("didFinishLaunching restored=\(window?.rootViewController != nil)")
        if window?.rootViewController == nil {
            let split = makeSplit()
            window?.rootViewController = split
            if let item = ProcessInfo.processInfo.environment["SPLIT_SELECT"].flatMap(Int.init) {
                let detail = DetailViewController()
                detail.itemID = item
                split.viewControllers = [split.viewControllers[0], detail]
            }
        }
        window?.makeKeyAndVisible()
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        Trace.print("didBecomeActive")
        application.completeStateRestoration()
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        Trace.print("shouldRestoreSecureApplicationState")
        return true
    }

    private func makeSplit() -> UISplitViewController {
        let list = ListViewController()
        list.restorationIdentifier = "list"
        let split = UISplitViewController()
        split.restorationIdentifier = "split"
        split.viewControllers = [list]
        return split
    }
}
