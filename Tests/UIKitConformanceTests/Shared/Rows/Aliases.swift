import Testing
import UIKitCompatibility

/// UIKitCompatibility's names: each UIKit spelling is the project's type itself, not a copy. The
/// app's own classes named like ControllerKit's (`ViewController`, …) shadow those in this
/// module, so ControllerKit's are written with their module's name.
@MainActor
@Suite("UIKit spellings are the project's types")
struct AliasRows {
    @Test("Controllers, window, view and responder")
    func controllers() {
        #expect(UIViewController.self == ControllerKit.ViewController.self)
        #expect(UINavigationController.self == ControllerKit.NavigationController.self)
        #expect(UITabBarController.self == ControllerKit.TabBarController.self)
        #expect(UISplitViewController.self == ControllerKit.SplitViewController.self)
        #expect(UIWindow.self == Window.self)
        #expect(UIView.self == View.self)
        #expect(UIResponder.self == Responder.self)
        #expect(UINavigationItem.self == NavigationItem.self)
        #expect(UIBarButtonItem.self == BarButtonItem.self)
        #expect(UITabBarItem.self == TabBarItem.self)
        // The app's classes of the prefix-less names are its own, and subclass UIKit's.
        #expect(ViewController.self != ControllerKit.ViewController.self)
        // Each assignment compiles only if the app's class subclasses UIKit's.
        let controller: UIViewController = ViewController()
        let navigation: UINavigationController = NavigationController()
        let tabs: UITabBarController = TabBarController()
        let split: UISplitViewController = SplitViewController()
        #expect(type(of: controller) == ViewController.self)
        #expect(type(of: navigation) == NavigationController.self)
        #expect(type(of: tabs) == TabBarController.self)
        #expect(type(of: split) == SplitViewController.self)
    }

    @Test("Application, delegate, screen, device, styles and restoration")
    func applicationAndRestoration() {
        #expect(UIApplication.self == Application.self)
        #expect(UIScreen.self == Screen.self)
        #expect(UIDevice.self == Device.self)
        #expect(UIUserInterfaceIdiom.self == UserInterfaceIdiom.self)
        #expect(UIModalPresentationStyle.self == ModalPresentationStyle.self)
        #expect(UIModalTransitionStyle.self == ModalTransitionStyle.self)
        #expect(NSCoder.self == Coder.self)
        // Each assignment compiles only if the two spellings are one protocol.
        let delegate: any UIApplicationDelegate = AppDelegate()
        let projectDelegate: any ApplicationDelegate = delegate
        #expect(projectDelegate === delegate)
        let restoration: any UIViewControllerRestoration.Type = DetailViewController.self
        let projectRestoration: any ViewControllerRestoration.Type = restoration
        #expect(ObjectIdentifier(projectRestoration) == ObjectIdentifier(DetailViewController.self))
        let coordinatorType: (any UIViewControllerTransitionCoordinator)?.Type = (any ViewControllerTransitionCoordinator)?.self
        #expect(coordinatorType == (any ViewControllerTransitionCoordinator)?.self)
        let transitioningType: (any UIViewControllerTransitioningDelegate)?.Type = (any ViewControllerTransitioningDelegate)?.self
        #expect(transitioningType == (any ViewControllerTransitioningDelegate)?.self)
    }

    @Test("The pre-Swift 4.2 global key constants are UIApplication's keys")
    func globalKeys() {
        #expect(UIApplicationStateRestorationBundleVersionKey == UIApplication.stateRestorationBundleVersionKey)
        #expect(UIApplicationStateRestorationUserInterfaceIdiomKey == UIApplication.stateRestorationUserInterfaceIdiomKey)
        #expect(UIApplicationStateRestorationTimestampKey == UIApplication.stateRestorationTimestampKey)
        #expect(UIApplicationStateRestorationSystemVersionKey == UIApplication.stateRestorationSystemVersionKey)
        #expect(UIStateRestorationViewControllerStoryboardKey == UIApplication.stateRestorationViewControllerStoryboardKey)
    }
}
