// UIKit's own spellings for ControllerKit and StateRestoration, so that UIKit restoration code
// builds on Linux with one change: `import UIKitCompatibility` in place of `import UIKit`.
//
// Importing this module imports ControllerKit, StateRestoration and Foundation as well, as
// `import UIKit` imports Foundation. Each alias names the project's type itself, so its
// members, nested types (`UISplitViewController.DisplayMode`, `UIApplication.shared`) and
// behaviour are ControllerKit's; docs/porting-from-uikit.md lists what differs.
//
// A declaration of this module shadows one of the same name in a module it imports: `NSCoder`
// here is ControllerKit's `Coder`, not Foundation's `NSCoder`, in Swift 5 and Swift 6 language
// modes, in every file where Foundation arrives only through this module. A file that also
// imports Foundation itself, or a module that re-exports it (ControllerKit, XCTest), sees both
// and reports "'NSCoder' is ambiguous": drop that import (this module brings Foundation), or
// write `Coder`. An app's own class may take the project's name: `class ViewController:
// UIViewController` compiles, the app's `ViewController` shadowing ControllerKit's in the app's
// module, as on iOS.
//
@_exported import ControllerKit
@_exported import Foundation
@_exported import StateRestoration

// MARK: - Controllers, windows, views

/// `UIViewController`: ControllerKit's ``ViewController``.
public typealias UIViewController = ViewController
/// `UINavigationController`: ControllerKit's ``NavigationController``.
public typealias UINavigationController = NavigationController
/// `UITabBarController`: ControllerKit's ``TabBarController``.
public typealias UITabBarController = TabBarController
/// `UISplitViewController`: ControllerKit's ``SplitViewController``.
public typealias UISplitViewController = SplitViewController
/// `UIWindow`: ControllerKit's ``Window``.
public typealias UIWindow = Window
/// `UIView`: ControllerKit's ``View``.
public typealias UIView = View
/// `UIResponder`: ControllerKit's ``Responder``.
public typealias UIResponder = Responder
/// `UINavigationItem`: ControllerKit's ``NavigationItem``.
public typealias UINavigationItem = NavigationItem
/// `UIBarButtonItem`: ControllerKit's ``BarButtonItem``.
public typealias UIBarButtonItem = BarButtonItem
/// `UITabBarItem`: ControllerKit's ``TabBarItem``.
public typealias UITabBarItem = TabBarItem
/// `UIViewControllerTransitioningDelegate`: ControllerKit's ``ViewControllerTransitioningDelegate``.
public typealias UIViewControllerTransitioningDelegate = ViewControllerTransitioningDelegate
/// `UIViewControllerTransitionCoordinator`: ControllerKit's ``ViewControllerTransitionCoordinator``.
public typealias UIViewControllerTransitionCoordinator = ViewControllerTransitionCoordinator

// MARK: - Presentation

/// `UIModalPresentationStyle`: ControllerKit's ``ModalPresentationStyle`` (UIKit's raw values).
public typealias UIModalPresentationStyle = ModalPresentationStyle
/// `UIModalTransitionStyle`: ControllerKit's ``ModalTransitionStyle`` (UIKit's raw values).
public typealias UIModalTransitionStyle = ModalTransitionStyle

// MARK: - Application, device, screen

/// `UIApplication`: ControllerKit's ``Application``.
public typealias UIApplication = Application
/// `UIApplicationDelegate`: ControllerKit's ``ApplicationDelegate``.
public typealias UIApplicationDelegate = ApplicationDelegate
/// `UIScreen`: ControllerKit's ``Screen``.
public typealias UIScreen = Screen
/// `UIDevice`: ControllerKit's ``Device``.
public typealias UIDevice = Device
/// `UIUserInterfaceIdiom`: ControllerKit's ``UserInterfaceIdiom`` (UIKit's raw values).
public typealias UIUserInterfaceIdiom = UserInterfaceIdiom

// MARK: - Restoration

/// `UIViewControllerRestoration`: ControllerKit's ``ViewControllerRestoration``.
public typealias UIViewControllerRestoration = ViewControllerRestoration
/// `NSCoder`: ControllerKit's ``Coder``, the restoration coder. It shadows Foundation's `NSCoder`
/// in every file that imports this module.
public typealias NSCoder = Coder
/// `NSCoding`: ControllerKit's ``Coding``, a model class the coder stores by reference
/// (`encode(with:)`, `init?(coder:)`). It shadows Foundation's `NSCoding`, whose methods take
/// Foundation's coder, in every file that imports this module.
public typealias NSCoding = Coding
/// `UIStateRestoring`: ControllerKit's ``StateRestoring``, every member optional as in UIKit.
public typealias UIStateRestoring = StateRestoring
/// `UIObjectRestoration`: ControllerKit's ``ObjectRestoration``.
public typealias UIObjectRestoration = ObjectRestoration
/// `UIStoryboard`: ControllerKit's ``Storyboard``, whose scenes the app registers.
public typealias UIStoryboard = Storyboard
/// `UIStoryboardSegue`: ControllerKit's ``StoryboardSegue``.
public typealias UIStoryboardSegue = StoryboardSegue
/// `NSUserActivity`: ControllerKit's ``UserActivity`` (Linux Foundation has none).
public typealias NSUserActivity = UserActivity

// MARK: - Scenes

/// `UIScene`: ControllerKit's ``Scene``; `UIScene.ConnectionOptions`, `UIScene.ActivationState`
/// and `UIScene.ActivationRequestOptions` come with it.
public typealias UIScene = Scene
/// `UIWindowScene`: ControllerKit's ``WindowScene``.
public typealias UIWindowScene = WindowScene
/// `UISceneSession`: ControllerKit's ``SceneSession``; `UISceneSession.Role` comes with it.
public typealias UISceneSession = SceneSession
/// `UISceneConfiguration`: ControllerKit's ``SceneConfiguration``.
public typealias UISceneConfiguration = SceneConfiguration
/// `UISceneDelegate`: ControllerKit's ``SceneDelegate``, every member optional as in UIKit.
public typealias UISceneDelegate = SceneDelegate
/// `UIWindowSceneDelegate`: ControllerKit's ``WindowSceneDelegate``.
public typealias UIWindowSceneDelegate = WindowSceneDelegate
/// `UISceneDestructionRequestOptions`: ControllerKit's ``SceneDestructionRequestOptions``.
public typealias UISceneDestructionRequestOptions = SceneDestructionRequestOptions

/// The pre-Swift 4.2 spelling of `UIApplication.stateRestorationBundleVersionKey`: the app-level
/// coder's key for the app's build, a string.
public let UIApplicationStateRestorationBundleVersionKey = Application.stateRestorationBundleVersionKey
/// The pre-Swift 4.2 spelling of `UIApplication.stateRestorationUserInterfaceIdiomKey`: the
/// app-level coder's key for the idiom's raw value, an integer.
public let UIApplicationStateRestorationUserInterfaceIdiomKey = Application.stateRestorationUserInterfaceIdiomKey
/// The pre-Swift 4.2 spelling of `UIApplication.stateRestorationTimestampKey`: the app-level
/// coder's key for when the state was saved, a date.
public let UIApplicationStateRestorationTimestampKey = Application.stateRestorationTimestampKey
/// The pre-Swift 4.2 spelling of `UIApplication.stateRestorationSystemVersionKey`: the app-level
/// coder's key for the system that saved the state, a string.
public let UIApplicationStateRestorationSystemVersionKey = Application.stateRestorationSystemVersionKey
/// The pre-Swift 4.2 spelling of `UIApplication.stateRestorationViewControllerStoryboardKey`: a
/// restoration class's coder key for the storyboard its controller came from: a save stores the
/// storyboard's name there, and `decodeObject(forKey:)` gives the `UIStoryboard` back.
public let UIStateRestorationViewControllerStoryboardKey = Application.stateRestorationViewControllerStoryboardKey
