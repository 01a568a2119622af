import Testing
import UIKitCompatibility

/// Survey section (b), "App delegate and application": rows 21–36 (row 23, `@main`, only
/// compiles here: a test target has no `main`).
@MainActor
@Suite("Rows 21–36: app delegate and application")
struct ApplicationDelegateRows {
    @Test("Rows 21, 22, 29–32: an AppDelegate: UIResponder, UIApplicationDelegate gets the save and restore hooks")
    func delegateHooks() throws {
        let saving = AppDelegate()
        saving.lastSync = Date(timeIntervalSince1970: 1_700_000_000)
        let restoring = AppDelegate()
        let trip = try roundTrip(delegate: saving, restoringWith: restoring) { window in
            let controller = ViewController()
            controller.restorationIdentifier = "main"
            window.rootViewController = controller
        }
        #expect(trip.restored.didRestore)
        #expect(saving.calls == ["shouldSaveSecureApplicationState", "willEncodeRestorableStateWith"])   // rows 29, 31
        #expect(restoring.calls.first == "shouldRestoreSecureApplicationState")                       // row 30
        #expect(restoring.calls.last == "didDecodeRestorableStateWith")                               // row 32
        #expect(restoring.lastSync == Date(timeIntervalSince1970: 1_700_000_000))
        let responder: UIResponder = restoring                                                       // row 22
        #expect(responder is any UIApplicationDelegate)                                              // row 21
    }

    @Test("Row 30: a delegate that answers false to shouldRestoreSecureApplicationState stops the restore")
    func delegateRefusesRestore() throws {
        let restoring = AppDelegate()
        restoring.refusesRestore = true
        let trip = try roundTrip(delegate: AppDelegate(), restoringWith: restoring) { window in
            let controller = ViewController()
            controller.restorationIdentifier = "main"
            window.rootViewController = controller
        }
        #expect(!trip.restored.didRestore)
        #expect(trip.window.rootViewController == nil)
        #expect(restoring.calls == ["shouldRestoreSecureApplicationState"])
    }

    @Test("Row 33: application(_:viewControllerWithRestorationIdentifierPath:coder:) supplies a controller")
    func delegateSuppliesController() throws {
        let restoring = AppDelegate()
        let trip = try roundTrip(delegate: AppDelegate(), restoringWith: restoring) { window in
            let settings = SettingsViewController()
            settings.restorationIdentifier = "settings"
            settings.fontSize = 17
            let navigation = UINavigationController(rootViewController: settings)
            navigation.restorationIdentifier = "navigation"
            window.rootViewController = navigation
        }
        #expect(trip.restored.dropped.isEmpty)
        #expect(restoring.calls.contains("viewControllerWithRestorationIdentifierPath navigation/settings"))
        let navigation = try #require(trip.window.rootViewController as? UINavigationController)
        let settings = try #require(navigation.topViewController as? SettingsViewController)
        #expect(settings.fontSize == 17)
    }

    @Test("Rows 24–28: the launch calls will/didFinishLaunchingWithOptions with UIApplication.LaunchOptionsKey, and the older pair decides")
    func launchSequence() throws {
        let storage = try TemporaryStore()
        let registry = appRegistry()

        // First launch: nothing to restore, the delegate builds the first screen.
        let first = UIApplication()
        first.statePreservation = StatePreservation(store: storage.store, registry: registry)
        let firstDelegate = LaunchingAppDelegate()
        let url = URL(string: "recipes://open/42")!
        first.launch(firstDelegate, options: [.url: url])                                                // row 24
        #expect(firstDelegate.calls == ["willFinishLaunching", "didFinishLaunching"])                     // rows 25, 26
        #expect(firstDelegate.launchURL == url)
        #expect(first.windows.first === firstDelegate.window)
        let main = try #require(firstDelegate.window?.rootViewController as? ViewController)
        main.count = 5
        first.enterBackground()                                                                            // row 27
        #expect(firstDelegate.calls.suffix(2) == ["applicationDidEnterBackground", "shouldSaveApplicationState"])
        firstDelegate.window?.isHidden = true

        // Relaunch: the older restore decision is asked between the two launch callbacks.
        let second = UIApplication()
        second.statePreservation = StatePreservation(store: storage.store, registry: registry)
        let secondDelegate = LaunchingAppDelegate()
        second.launch(secondDelegate)
        #expect(secondDelegate.calls == ["willFinishLaunching", "shouldRestoreApplicationState", "didFinishLaunching"])  // row 28
        #expect((secondDelegate.window?.rootViewController as? ViewController)?.count == 5)
        #expect(secondDelegate.launchURL == nil)
        secondDelegate.window?.isHidden = true
    }

    @Test("Row 23: the delegate has the main() that @main calls")
    func mainEntryPoint() {
        // `@main class AppDelegate: UIResponder, UIApplicationDelegate` needs this `main()`; on
        // Linux the delegate also adopts ApplicationLaunchConfiguration, in a Linux-only file.
        let main: @MainActor () -> Void = LaunchingAppDelegate.main
        _ = main
    }

    @Test("Rows 34, 35: UIApplication.shared, and its delegate cast to the app's class")
    func sharedApplicationAndDelegate() {
        #expect(UIApplication.shared === Application.shared)
        // The delegate as apps reach it; an application of the test's own, so that no other test
        // sees this delegate on the shared one.
        let application = UIApplication()
        let delegate = AppDelegate()
        application.delegate = delegate
        let appDelegate = application.delegate as? AppDelegate
        #expect(appDelegate === delegate)
    }

    @Test("Row 36: UIApplication.windows and keyWindow")
    func windowsAndKeyWindow() {
        let application = UIApplication()
        let window = UIWindow(frame: UIScreen.main.bounds, application: application)
        window.rootViewController = UIViewController()
        #expect(application.windows.isEmpty)
        #expect(application.keyWindow == nil)
        window.makeKeyAndVisible()
        #expect(application.windows.count == 1)
        #expect(application.windows.first === window)
        #expect(application.keyWindow === window)
        window.isHidden = true
        #expect(application.windows.isEmpty)
    }
}
