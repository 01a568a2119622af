import Foundation

extension Application {
    /// The keys of the options a launch receives, as `UIApplication.LaunchOptionsKey`: the
    /// parameter type of `application(_:didFinishLaunchingWithOptions:)`. A headless launch has
    /// no URL, notification or activity to hand over, so its options are `nil` unless a host
    /// passes some to ``launch(_:options:)``.
    public struct LaunchOptionsKey: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        /// Makes a key.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The URL the app was launched to open.
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        /// The bundle identifier of the app that asked for the launch.
        public static let sourceApplication = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
        /// A remote notification's payload.
        public static let remoteNotification = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
        /// A property list the source app passed with a URL.
        public static let annotation = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsAnnotationKey")
        /// A location event.
        public static let location = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsLocationKey")
        /// A Home screen quick action.
        public static let shortcutItem = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsShortcutItemKey")
        /// A user activity's dictionary.
        public static let userActivityDictionary = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsUserActivityDictionaryKey")
        /// A user activity's type.
        public static let userActivityType = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsUserActivityTypeKey")
    }

    /// Where the app is in its life, as `UIApplication.State`.
    public enum State: Int, Sendable, Hashable {
        /// In the foreground and receiving events.
        case active
        /// In the foreground without events: launching, or between active and background.
        case inactive
        /// In the background: state was preserved, the process may be killed at any moment.
        case background
    }

    /// Posted after ``ApplicationDelegate/application(_:didFinishLaunchingWithOptions:)``.
    nonisolated public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    /// Posted after ``ApplicationDelegate/applicationDidBecomeActive(_:)``.
    nonisolated public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted after ``ApplicationDelegate/applicationWillResignActive(_:)``.
    nonisolated public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    /// Posted after ``ApplicationDelegate/applicationDidEnterBackground(_:)``.
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted after ``ApplicationDelegate/applicationWillEnterForeground(_:)``.
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// Posted after ``ApplicationDelegate/applicationWillTerminate(_:)``.
    nonisolated public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")

    // MARK: - Launch

    /// Launches the app as `UIApplicationMain` does, once: `delegate` becomes the application's
    /// delegate, then `application(_:willFinishLaunchingWithOptions:)`, then state restoration
    /// (``statePreservation``, when the app opts in: see ``ApplicationStatePreservation``), then
    /// `application(_:didFinishLaunchingWithOptions:)`, then the delegate's window is made key
    /// and visible unless the app showed a window itself, and the app becomes active. A scene
    /// app (``sceneDelegateFactory``) restores nothing here: after `didFinishLaunching` its
    /// sessions connect, and from then on the system's events go to its scenes (docs/scenes.md).
    ///
    /// `@main` on an app delegate (``ApplicationDelegate/main()``) calls it; tests and hosts may
    /// call it directly.
    public func launch(_ delegate: any ApplicationDelegate, options: [LaunchOptionsKey: Any]? = nil) {
        guard !hasLaunched else {
            report(Diagnostic(kind: .outOfOrder, message: "the application launched already; launch(_:options:) does nothing the second time"))
            return
        }
        hasLaunched = true
        self.delegate = delegate
        applicationState = .inactive
        _ = delegate.application(self, willFinishLaunchingWithOptions: options)
        if usesScenes {
            finishLaunchingWithScenes(delegate, options: options)
            return
        }
        statePreservation?.restoreApplicationState(self)
        _ = delegate.application(self, didFinishLaunchingWithOptions: options)
        NotificationCenter.default.post(name: Self.didFinishLaunchingNotification, object: self)
        if windows.isEmpty, let window = delegate.window, window.isHidden {
            window.makeKeyAndVisible()
        }
        becomeActive()
    }

    // MARK: - The system's events

    /// The app comes to the foreground and receives events: from the background,
    /// `applicationWillEnterForeground(_:)` first, then `applicationDidBecomeActive(_:)`, each
    /// followed by its notification. Nothing happens when the app is active already. In a scene
    /// app every connected scene comes to the foreground instead, and the app's state follows.
    public func becomeActive() {
        if usesScenes { return scenesBecomeActive() }
        if applicationState == .background {
            applicationState = .inactive
            delegate?.applicationWillEnterForeground(self)
            NotificationCenter.default.post(name: Self.willEnterForegroundNotification, object: self)
        }
        guard applicationState == .inactive else { return }
        applicationState = .active
        delegate?.applicationDidBecomeActive(self)
        NotificationCenter.default.post(name: Self.didBecomeActiveNotification, object: self)
    }

    /// The app stops receiving events (a call, the app switcher): `applicationWillResignActive(_:)`
    /// and its notification, when the app is active. In a scene app every active scene resigns.
    public func resignActive() {
        if usesScenes { return scenesResignActive() }
        guard applicationState == .active else { return }
        applicationState = .inactive
        delegate?.applicationWillResignActive(self)
        NotificationCenter.default.post(name: Self.willResignActiveNotification, object: self)
    }

    /// The app goes to the background: it resigns active if it is, then
    /// `applicationDidEnterBackground(_:)` and its notification, then its state is preserved
    /// (``statePreservation``, when the app opts in), as UIKit does; the process may be killed
    /// from then on. Nothing happens when the app is in the background already. In a scene app
    /// every scene in the foreground enters the background instead, each saved on its own.
    public func enterBackground() {
        if usesScenes { return scenesEnterBackground() }
        resignActive()
        guard applicationState == .inactive else { return }
        applicationState = .background
        delegate?.applicationDidEnterBackground(self)
        NotificationCenter.default.post(name: Self.didEnterBackgroundNotification, object: self)
        statePreservation?.preserveApplicationState(self)
    }

    /// The app comes back from the background and becomes active (``becomeActive()``).
    public func enterForeground() {
        becomeActive()
    }

    /// The system ends the app: from the foreground it goes to the background first (state is
    /// preserved there), then `applicationWillTerminate(_:)` and its notification.
    public func terminate() {
        enterBackground()
        delegate?.applicationWillTerminate(self)
        NotificationCenter.default.post(name: Self.willTerminateNotification, object: self)
    }

    // MARK: - Extended restoration

    /// Says the app goes on restoring state after the restore returned (loading from a server,
    /// say), as UIKit's `extendStateRestoration()`: until as many
    /// ``completeStateRestoration()`` calls, the restore is not finished, and a crash meanwhile
    /// counts as a crash during the restore (the snapshot is not tried again).
    public func extendStateRestoration() {
        stateRestorationExtensions += 1
    }

    /// Ends one ``extendStateRestoration()``; the last one finishes the restore.
    public func completeStateRestoration() {
        guard stateRestorationExtensions > 0 else {
            report(Diagnostic(kind: .outOfOrder, message: "completeStateRestoration() without extendStateRestoration(); it does nothing"))
            return
        }
        stateRestorationExtensions -= 1
        guard stateRestorationExtensions == 0 else { return }
        let waiting = stateRestorationCompletions
        stateRestorationCompletions = []
        for completion in waiting { completion() }
    }

    /// Whether the app extended state restoration and has not completed it yet.
    @_spi(Restoration)
    public var isStateRestorationExtended: Bool { stateRestorationExtensions > 0 }

    /// Runs `completion` once the restoration the app extended is complete, or now when it is
    /// not extended: the restoration layer finishes a restore with it.
    @_spi(Restoration)
    public func whenStateRestorationCompletes(_ completion: @escaping @MainActor () -> Void) {
        if stateRestorationExtensions == 0 { completion() } else { stateRestorationCompletions.append(completion) }
    }
}

/// Saves and restores an app's state at UIKit's moments: while it launches, and when it enters
/// the background. StateRestoration's `StatePreservation` is one; set it as
/// ``Application/statePreservation``, or return it from
/// ``ApplicationLaunchConfiguration/makeStatePreservation()`` for `@main`.
@MainActor
public protocol ApplicationStatePreservation: AnyObject {
    /// Restores the app's saved state, if the app opts in, between
    /// `application(_:willFinishLaunchingWithOptions:)` and
    /// `application(_:didFinishLaunchingWithOptions:)`.
    func restoreApplicationState(_ application: Application)
    /// Saves the app's state, if the app opts in, after `applicationDidEnterBackground(_:)`.
    func preserveApplicationState(_ application: Application)
}

/// What `@main` needs on Linux that UIKit finds in the app's Info.plist and bundle: how to make
/// the app's delegate, and where its state is kept. Declare it in a file of its own, outside the
/// code the app shares with iOS:
///
/// ```swift
/// #if !canImport(UIKit)
/// extension AppDelegate: ApplicationLaunchConfiguration {
///     static func makeDelegate() -> any ApplicationDelegate { AppDelegate() }
///     static func makeStatePreservation() throws -> (any ApplicationStatePreservation)? {
///         try StatePreservation(path: "state.sqlite", registry: AppRegistry.make())
///     }
/// }
/// #endif
/// ```
@MainActor
public protocol ApplicationLaunchConfiguration {
    /// Makes the app's delegate, as `UIApplicationMain` makes it from the `@main` class.
    static func makeDelegate() -> any ApplicationDelegate
    /// Where the app's state is saved and restored; `nil` (the default) for none. An error is
    /// printed by `main()`, and the app runs without keeping its state.
    static func makeStatePreservation() throws -> (any ApplicationStatePreservation)?
}

extension ApplicationLaunchConfiguration {
    public static func makeStatePreservation() -> (any ApplicationStatePreservation)? { nil }
}
