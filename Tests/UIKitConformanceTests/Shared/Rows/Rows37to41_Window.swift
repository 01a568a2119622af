import Testing
import UIKitCompatibility

/// Survey section (b), "Window": rows 37–41.
@MainActor
@Suite("Rows 37–41: window and screen")
struct WindowRows {
    @Test("Rows 37, 38: UIWindow(frame: UIScreen.main.bounds) and UIWindow() are the screen's size")
    func windowFromScreenBounds() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        #expect(window.frame == UIScreen.main.bounds)
        #expect(UIWindow().frame == UIScreen.main.bounds)
        #expect(window.isHidden)
    }

    @Test("Row 38: UIScreen.main is one phone-sized screen")
    func mainScreen() {
        #expect(UIScreen.main === UIScreen.main)
        #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(UIScreen.main.scale == 3)
        // What apps compute from it.
        let isPortrait = UIScreen.main.bounds.height > UIScreen.main.bounds.width
        #expect(isPortrait)
        #expect(UIScreen.main.bounds.width * UIScreen.main.scale == 1170)
    }

    @Test("Rows 39, 40: rootViewController and makeKeyAndVisible() load and show the root")
    func rootAndMakeKeyAndVisible() {
        let application = UIApplication()
        let window = UIWindow(frame: UIScreen.main.bounds, application: application)
        let root = ViewController()
        window.rootViewController = root
        #expect(!root.isViewLoaded)
        window.makeKeyAndVisible()
        #expect(window.isKeyWindow)
        #expect(window.rootViewController === root)
        #expect(root.events == ["viewDidLoad", "viewWillAppear", "viewDidAppear"])
        window.isHidden = true
        #expect(root.events.suffix(2) == ["viewWillDisappear", "viewDidDisappear"])
    }

    @Test("Row 41: UIWindow.restorationIdentifier puts the window's controllers under its own path")
    func windowRestorationIdentifier() throws {
        let storage = try TemporaryStore()
        let application = UIApplication()
        let window = UIWindow(frame: UIScreen.main.bounds, application: application)
        window.restorationIdentifier = "mainWindow"
        let root = ViewController()
        root.restorationIdentifier = "root"
        root.count = 3
        window.rootViewController = root
        window.makeKeyAndVisible()
        let saved = try storage.store.save(application, registry: appRegistry())
        #expect(saved.saved.map(\.path) == ["/mainWindow/root"])
        window.isHidden = true

        let restoredWindow = UIWindow(frame: UIScreen.main.bounds, application: UIApplication())
        restoredWindow.restorationIdentifier = "mainWindow"
        let report = try storage.store.restore(into: restoredWindow, registry: appRegistry())
        #expect(report.restored == ["/mainWindow/root"])
        #expect((restoredWindow.rootViewController as? ViewController)?.count == 3)
    }
}
