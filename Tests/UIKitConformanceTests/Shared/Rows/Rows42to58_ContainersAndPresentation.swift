import Testing
import UIKitCompatibility

/// A shown window of an application of the test's own, holding `root`.
@MainActor
private func showing(_ root: UIViewController) -> UIWindow {
    let window = UIWindow(frame: UIScreen.main.bounds, application: UIApplication())
    window.rootViewController = root
    window.makeKeyAndVisible()
    return window
}

/// A controller with an identifier and a note, the unit of the container tests.
@MainActor
private func page(_ identifier: String, note: String = "") -> ViewController {
    let controller = ViewController()
    controller.restorationIdentifier = identifier
    controller.title = identifier
    controller.note = note
    return controller
}

/// Survey section (b), "Containers and presentation used inside restoration code": rows 42–58.
@MainActor
@Suite("Rows 42–58: containers and presentation")
struct ContainerRows {
    @Test("Rows 42–45: a NavigationController: UINavigationController pushes, pops and restores its stack")
    func navigationStack() throws {
        let navigation = NavigationController(rootViewController: page("inbox"))             // row 42
        navigation.restorationIdentifier = "navigation"
        let window = showing(navigation)
        navigation.pushViewController(page("thread"), animated: true)                       // row 43
        navigation.pushViewController(page("message"), animated: true)
        #expect(navigation.topViewController?.title == "message")                           // row 45
        navigation.popViewController(animated: true)
        #expect(navigation.viewControllers.map { $0.title } == ["inbox", "thread"])          // row 44
        navigation.popToRootViewController(animated: false)
        #expect(navigation.viewControllers.count == 1)
        navigation.setViewControllers([page("inbox"), page("thread", note: "unread")], animated: false)
        window.rootViewController = nil

        let trip = try roundTrip { window in window.rootViewController = navigation }
        let restored = try #require(trip.window.rootViewController as? NavigationController)
        #expect(restored.viewControllers.map { $0.restorationIdentifier } == ["inbox", "thread"])
        #expect((restored.topViewController as? ViewController)?.note == "unread")
    }

    @Test("Row 46: a TabBarController: UITabBarController restores its tabs and selectedIndex")
    func tabBar() throws {
        let trip = try roundTrip { window in
            let tabs = TabBarController()
            tabs.restorationIdentifier = "tabs"
            tabs.viewControllers = [page("first"), page("second"), page("third")]
            tabs.selectedIndex = 2
            #expect(tabs.selectedViewController?.title == "third")
            window.rootViewController = tabs
        }
        let tabs = try #require(trip.window.rootViewController as? TabBarController)
        #expect(tabs.viewControllers?.count == 3)
        #expect(tabs.selectedIndex == 2)
        #expect(tabs.selectedViewController?.restorationIdentifier == "third")
    }

    @Test("Rows 47, 48: a SplitViewController: UISplitViewController reports displayMode as it collapses and expands")
    func splitDisplayMode() throws {
        let split = SplitViewController()
        split.restorationIdentifier = "split"
        split.viewControllers = [page("list"), page("detail")]
        let window = showing(split)
        #expect(split.preferredDisplayMode == .automatic)
        #expect(split.displayMode == .oneBesideSecondary)           // never .automatic
        split.preferredDisplayMode = .oneOverSecondary
        #expect(split.displayMode == .oneOverSecondary)
        split.preferredDisplayMode = .secondaryOnly
        #expect(split.displayMode == .secondaryOnly)
        split.preferredDisplayMode = .twoBesideSecondary             // one sidebar: its one-sidebar mode
        #expect(split.displayMode == .oneBesideSecondary)
        split.preferredDisplayMode = .automatic

        split.collapse()
        #expect(split.isCollapsed)
        #expect(split.displayMode == .secondaryOnly)
        split.expand()
        #expect(split.displayMode == .oneBesideSecondary)

        // The collapse state survives a save and a restore; displayMode follows it.
        window.rootViewController = nil
        let trip = try roundTrip { window in
            split.collapse()
            window.rootViewController = split
        }
        let restored = try #require(trip.window.rootViewController as? SplitViewController)
        #expect(restored.isCollapsed)
        #expect(restored.displayMode == .secondaryOnly)
    }

    @Test("Row 48: UISplitViewController.DisplayMode has UIKit's cases and raw values")
    func displayModeRawValues() {
        let modes: [UISplitViewController.DisplayMode] = [.automatic, .secondaryOnly, .oneBesideSecondary, .oneOverSecondary,
                                                          .twoBesideSecondary, .twoOverSecondary, .twoDisplaceSecondary]
        #expect(modes.map(\.rawValue) == Array(0...6))
    }

    @available(*, deprecated, message: "uses UIKit's deprecated spellings on purpose")
    @Test("Row 48: the deprecated .primaryHidden, .allVisible, .primaryOverlay name the modes UIKit renamed them to")
    func deprecatedDisplayModes() {
        #expect(UISplitViewController.DisplayMode.primaryHidden == .secondaryOnly)
        #expect(UISplitViewController.DisplayMode.allVisible == .oneBesideSecondary)
        #expect(UISplitViewController.DisplayMode.primaryOverlay == .oneOverSecondary)
        let split = UISplitViewController()
        split.preferredDisplayMode = .allVisible
        #expect(split.displayMode == .allVisible)
    }

    @Test("Rows 49–51: present with a style, presentedViewController and presentingViewController, dismiss")
    func presentation() {
        let root = page("root")
        _ = showing(root)
        let sheet = page("sheet")
        sheet.modalPresentationStyle = .formSheet                                          // row 51
        var presented = false
        root.present(sheet, animated: true) { presented = true }                           // row 49
        #expect(presented)
        #expect(root.presentedViewController === sheet)                                    // row 50
        #expect(sheet.presentingViewController === root)
        #expect(root.events.last == "viewDidAppear")             // a form sheet leaves its presenter on screen
        var dismissed = false
        sheet.dismiss(animated: true) { dismissed = true }
        #expect(dismissed)
        #expect(root.presentedViewController == nil)
        #expect(UIModalPresentationStyle.formSheet.rawValue == 2)
    }

    @Test("Row 52: modalTransitionStyle is stored, .coverVertical by default, and changes no callback",
          arguments: [UIModalTransitionStyle.coverVertical, .flipHorizontal, .crossDissolve, .partialCurl])
    func modalTransitionStyle(style: UIModalTransitionStyle) {
        #expect(UIViewController().modalTransitionStyle == .coverVertical)
        func presentAndDismiss(_ style: UIModalTransitionStyle?) -> (root: [String], presented: [String]) {
            let root = page("root")
            _ = showing(root)
            let presented = page("presented")
            if let style { presented.modalTransitionStyle = style }
            presented.modalPresentationStyle = .fullScreen
            root.present(presented, animated: true)
            #expect(presented.modalTransitionStyle == style ?? .coverVertical)
            presented.dismiss(animated: true)
            return (root.events, presented.events)
        }
        let withStyle = presentAndDismiss(style)
        let withDefault = presentAndDismiss(nil)
        #expect(withStyle.root == withDefault.root)
        #expect(withStyle.presented == withDefault.presented)
        #expect(withStyle.root == ["viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
                                   "viewWillAppear", "viewDidAppear"])
        #expect(style.rawValue == UIModalTransitionStyle.allCases.firstIndex(of: style))
    }

    @Test("Rows 53–55: navigationController, tabBarController, splitViewController, navigationItem, title")
    func ancestorsAndItems() {
        let detail = page("detail")
        detail.title = "Detail"                                                            // row 55
        detail.navigationItem.title = "Message"                                            // row 54
        let navigation = UINavigationController(rootViewController: detail)
        let tabs = UITabBarController()
        tabs.viewControllers = [navigation]
        let split = UISplitViewController()
        split.viewControllers = [UIViewController(), tabs]
        #expect(detail.navigationController === navigation)                                // row 53
        #expect(detail.tabBarController === tabs)
        #expect(detail.splitViewController === split)
        #expect(detail.navigationItem.title == "Message")
        #expect(detail.title == "Detail")
    }

    @Test("Rows 56–58: children, addChild, removeFromParent, parent; isViewLoaded, viewIfLoaded, loadViewIfNeeded; viewDidLoad")
    func containmentAndViewLoading() {
        let container = UIViewController()
        let child = ViewController()
        #expect(!child.isViewLoaded)                                                       // row 57
        #expect(child.viewIfLoaded == nil)
        child.loadViewIfNeeded()
        #expect(child.isViewLoaded)
        #expect(child.viewIfLoaded != nil)
        #expect(child.events == ["viewDidLoad"])                                           // row 58
        container.addChild(child)                                                          // row 56
        container.view.addSubview(child.view)
        child.didMove(toParent: container)
        #expect(container.children == [child])
        #expect(child.parent === container)
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(container.children.isEmpty)
        #expect(child.parent == nil)
    }
}
