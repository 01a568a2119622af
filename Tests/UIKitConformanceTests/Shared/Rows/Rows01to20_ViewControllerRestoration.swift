import Testing
import UIKitCompatibility

/// Survey section (b), "View-controller restoration": rows 1–20 (absent here: 14–16, 19, 20;
/// rows 10 and 17 differ: no storyboard under the key, `registerObject` is an instance method).
@MainActor
@Suite("Rows 1–20: view-controller restoration")
struct ViewControllerRestorationRows {
    @Test("Rows 1, 3, 4, 5: a ViewController: UIViewController encodes, decodes and finishes restoring")
    func viewControllerRoundTrip() throws {
        let trip = try roundTrip { window in
            let controller = ViewController()
            controller.restorationIdentifier = "main"                                   // row 1
            controller.note = "groceries"
            controller.count = 42
            window.rootViewController = controller
        }
        #expect(trip.saved.saved.map(\.path) == ["/main"])
        #expect(trip.restored.didRestore)
        #expect(trip.restored.dropped.isEmpty)
        let restored = try #require(trip.window.rootViewController as? ViewController)
        #expect(restored.restorationIdentifier == "main")
        #expect(restored.note == "groceries")                                          // rows 3, 4
        #expect(restored.count == 42)
        // Decoded after its view loaded, then told restoration finished (row 5).
        #expect(restored.events == ["viewDidLoad", "decodeRestorableState", "applicationFinishedRestoringState"])
    }

    @Test("Rows 2, 6, 7, 10: a restoration class (static and class func) re-creates its controllers from their paths")
    func restorationClass() throws {
        DetailViewController.requestedPaths = []
        DetailViewController.foundStoryboard = false
        let trip = try roundTrip { window in
            let detail = DetailViewController()
            detail.restorationIdentifier = "detail"
            detail.restorationClass = DetailViewController.self                         // row 2
            detail.itemID = 7
            let photo = PhotoViewController()
            photo.restorationIdentifier = "photo"
            photo.restorationClass = PhotoViewController.self
            let navigation = UINavigationController(rootViewController: detail)
            navigation.restorationIdentifier = "navigation"
            navigation.pushViewController(photo, animated: false)
            window.rootViewController = navigation
        }
        #expect(trip.restored.dropped.isEmpty)
        #expect(DetailViewController.requestedPaths == [["navigation", "detail"]])      // row 7
        #expect(!DetailViewController.foundStoryboard)                                  // row 10: no storyboards
        let navigation = try #require(trip.window.rootViewController as? UINavigationController)
        let detail = try #require(navigation.viewControllers.first as? DetailViewController)
        #expect(detail.itemID == 7)
        #expect(detail.restorationClass == DetailViewController.self)
        #expect(navigation.topViewController is PhotoViewController)
        let restoration: any UIViewControllerRestoration.Type = PhotoViewController.self // row 6
        #expect(ObjectIdentifier(restoration) == ObjectIdentifier(PhotoViewController.self))
    }

    @Test("Row 8: init?(coder: NSCoder) makes the controller at restore time")
    func initWithCoder() throws {
        let trip = try roundTrip { window in
            let compose = ComposeViewController(draft: "Dear Ann,")
            compose.restorationIdentifier = "compose"
            window.rootViewController = compose
        }
        let compose = try #require(trip.window.rootViewController as? ComposeViewController)
        #expect(compose.madeFromCoder)
        #expect(compose.draft == "Dear Ann,")
    }

    @Test("Row 9: init(nibName:bundle:) keeps its arguments and loads nothing")
    func initWithNibName() {
        let controller = UIViewController(nibName: "Main", bundle: Bundle.main)
        #expect(controller.nibName == "Main")
        #expect(controller.nibBundle === Bundle.main)
        #expect(!controller.isViewLoaded)
    }

    @Test("Row 11: UIApplication.stateRestorationBundleVersionKey holds the saved build")
    func bundleVersionKey() throws {
        let delegate = AppDelegate()
        let trip = try UIDevice.withUserInterfaceIdiom(.phone) {
            try roundTrip(delegate: delegate) { window in
                let controller = ViewController()
                controller.restorationIdentifier = "main"
                window.rootViewController = controller
            }
        }
        #expect(trip.restored.didRestore)
        #expect(delegate.savedBuild == "57")
        // The pre-Swift 4.2 global spelling is the same key.
        #expect(UIApplicationStateRestorationBundleVersionKey == UIApplication.stateRestorationBundleVersionKey)
    }

    @Test("Row 12: stateRestorationUserInterfaceIdiomKey holds the idiom's raw value, as UIKit writes it",
          arguments: [UIUserInterfaceIdiom.phone, .pad, .mac])
    func idiomKey(idiom: UIUserInterfaceIdiom) throws {
        let delegate = AppDelegate()
        let trip = try UIDevice.withUserInterfaceIdiom(idiom) {
            try roundTrip(delegate: delegate) { window in
                let controller = ViewController()
                controller.restorationIdentifier = "main"
                window.rootViewController = controller
            }
        }
        #expect(trip.restored.didRestore)
        #expect(delegate.savedIdiom == idiom)
        #expect(delegate.decodedIdiomRawValue == idiom.rawValue)
        #expect(UIApplicationStateRestorationUserInterfaceIdiomKey == UIApplication.stateRestorationUserInterfaceIdiomKey)
    }

    @Test("Row 12: a delegate that compares the saved idiom with the device's refuses another device's state")
    func idiomKeyRefusesAnotherIdiom() throws {
        let delegate = AppDelegate()
        let trip = try roundTrip(delegate: delegate) { window in
            let controller = ViewController()
            controller.restorationIdentifier = "main"
            window.rootViewController = controller
        }
        // Saved as a phone (the default), restored as one: restored. A tablet's restore refuses it.
        #expect(trip.restored.didRestore)
        let storage = try TemporaryStore()
        let application = UIApplication()
        application.delegate = delegate
        let window = UIWindow(application: application)
        let controller = ViewController()
        controller.restorationIdentifier = "main"
        window.rootViewController = controller
        window.makeKeyAndVisible()
        _ = try UIDevice.withUserInterfaceIdiom(.phone) { try storage.store.save(application, registry: appRegistry()) }
        window.isHidden = true
        let onPad = UIWindow(application: application)
        let report = try UIDevice.withUserInterfaceIdiom(.pad) { try storage.store.restore(into: onPad, registry: appRegistry()) }
        // UIKit's coder holds the idiom the state was saved with, not the restoring device's.
        #expect(!report.didRestore)
        #expect(delegate.savedIdiom == .phone)
    }

    @Test("Row 18: extendStateRestoration() and completeStateRestoration() pair up")
    func extendAndCompleteStateRestoration() {
        let application = UIApplication()
        application.extendStateRestoration()
        application.extendStateRestoration()
        application.completeStateRestoration()
        application.completeStateRestoration()
        #expect(application.diagnostics.isEmpty)
        // One completion too many is reported, not trapped.
        application.completeStateRestoration()
        #expect(application.diagnostics.count == 1)
    }

    @Test("Row 13: UIUserInterfaceIdiom has UIKit's raw values")
    func idiomRawValues() {
        #expect(UIUserInterfaceIdiom.unspecified.rawValue == -1)
        #expect(UIUserInterfaceIdiom.phone.rawValue == 0)
        #expect(UIUserInterfaceIdiom.pad.rawValue == 1)
        #expect(UIUserInterfaceIdiom.tv.rawValue == 2)
        #expect(UIUserInterfaceIdiom.carPlay.rawValue == 3)
        #expect(UIUserInterfaceIdiom(rawValue: 4) == nil)
        #expect(UIUserInterfaceIdiom.mac.rawValue == 5)
        #expect(UIUserInterfaceIdiom.vision.rawValue == 6)
    }

    @Test("Row 13: UIDevice.current.userInterfaceIdiom is a phone unless a scope says otherwise")
    func deviceIdiom() {
        #expect(UIDevice.current === UIDevice.current)
        // The code apps write: a branch on the idiom.
        let layout = UIDevice.current.userInterfaceIdiom == .pad ? "sidebar" : "stack"
        #expect(layout == "stack")
        #expect(UIDevice.current.userInterfaceIdiom == .phone)
        let onPad = UIDevice.withUserInterfaceIdiom(.pad) { () -> String in
            #expect(UIDevice.withUserInterfaceIdiom(.tv) { UIDevice.current.userInterfaceIdiom } == .tv)
            return UIDevice.current.userInterfaceIdiom == .pad ? "sidebar" : "stack"
        }
        #expect(onPad == "sidebar")
        #expect(UIDevice.current.userInterfaceIdiom == .phone)
    }

    @Test("Row 13: a scoped idiom reaches the tasks it starts")
    func deviceIdiomAcrossTasks() async {
        let inChild = await UIDevice.withUserInterfaceIdiom(.vision) {
            await Task { UIDevice.current.userInterfaceIdiom }.value
        }
        #expect(inChild == .vision)
        #expect(UIDevice.current.userInterfaceIdiom == .phone)
    }
}
