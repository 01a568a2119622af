import Foundation

/// The app's delegate, spelled as `UIApplicationDelegate` spells it: the launch, the app's states
/// and the app-level hooks of state restoration. `@main` on a class that adopts it runs the app
/// as `UIApplicationMain` does (``main()``).
///
/// Every member has a default, as every member of UIKit's is optional. The save and restore
/// decisions come in UIKit's two pairs: the secure one (iOS 13.2) and the older one, which
/// UIKit asks when the secure one is not implemented; the default of the secure pair asks the
/// older one. When neither is implemented, the app has not opted in: state is not saved or
/// restored at UIKit's moments (``Application/enterBackground()``, the launch), while a save or
/// restore the app asks a store for itself goes ahead.
///
/// ```swift
/// final class AppDelegate: Responder, ApplicationDelegate {
///     var window: Window?
///     var lastSyncDate = Date()
///
///     func application(_ application: Application, shouldSaveSecureApplicationState coder: Coder) -> Bool { true }
///     func application(_ application: Application, shouldRestoreSecureApplicationState coder: Coder) -> Bool {
///         coder.decodeObject(of: NSString.self, forKey: Application.stateRestorationBundleVersionKey) as String? == "57"
///     }
///     func application(_ application: Application, willEncodeRestorableStateWith coder: Coder) {
///         coder.encode(lastSyncDate, forKey: "lastSync")
///     }
/// }
/// Application.shared.delegate = AppDelegate()
/// ```
@MainActor
public protocol ApplicationDelegate: AnyObject {
    /// The app's main window, as UIKit's optional `window` property: a restore at launch
    /// restores into it (one is made when the app made none in
    /// `application(_:willFinishLaunchingWithOptions:)`), and the launch shows it.
    var window: Window? { get set }

    /// The launch has begun; state is not restored yet. UIKit ignores the result here.
    func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool
    /// The launch is done, state restored; the window is shown next unless the app showed one.
    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool
    /// The app became active (``Application/becomeActive()``).
    func applicationDidBecomeActive(_ application: Application)
    /// The app is about to stop receiving events (``Application/resignActive()``).
    func applicationWillResignActive(_ application: Application)
    /// The app is in the background (``Application/enterBackground()``); its state is preserved
    /// right after this returns.
    func applicationDidEnterBackground(_ application: Application)
    /// The app is about to come back to the foreground.
    func applicationWillEnterForeground(_ application: Application)
    /// The app is about to end (``Application/terminate()``).
    func applicationWillTerminate(_ application: Application)

    /// Whether a save goes ahead; `coder` is the app-level coder: what the app writes into it
    /// is saved, with what it writes in `application(_:willEncodeRestorableStateWith:)`.
    func application(_ application: Application, shouldSaveSecureApplicationState coder: Coder) -> Bool
    /// Whether a restore goes ahead; `coder` holds the saved snapshot's metadata (see the
    /// restoration keys of ``Application``) and the app's own keys.
    func application(_ application: Application, shouldRestoreSecureApplicationState coder: Coder) -> Bool
    /// The older spelling of the save decision (deprecated in iOS 13.2), asked when the secure
    /// one is not implemented.
    func application(_ application: Application, shouldSaveApplicationState coder: Coder) -> Bool
    /// The older spelling of the restore decision (deprecated in iOS 13.2), asked when the
    /// secure one is not implemented.
    func application(_ application: Application, shouldRestoreApplicationState coder: Coder) -> Bool
    /// Writes the app's own keys into a save, before any controller encodes.
    func application(_ application: Application, willEncodeRestorableStateWith coder: Coder)
    /// Reads the app's own keys back, once every restored controller and object decoded; the
    /// same coder the restore decision got.
    func application(_ application: Application, didDecodeRestorableStateWith coder: Coder)
    /// The controller for a saved path, asked after its restoration class and before anything
    /// else; `nil` lets restoration go on looking.
    func application(_ application: Application, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
                     coder: Coder) -> ViewController?

    /// The configuration of a new scene session, as it connects; not asked for a session that
    /// reconnects. The default keeps the session's (``SceneConfiguration/defaultName``).
    func application(_ application: Application, configurationForConnecting connectingSceneSession: SceneSession,
                     options: Scene.ConnectionOptions) -> SceneConfiguration
    /// Scene sessions were discarded (``Application/requestSceneSessionDestruction(_:options:errorHandler:)``);
    /// their saved state is deleted already.
    func application(_ application: Application, didDiscardSceneSessions sceneSessions: Set<SceneSession>)
}

extension ApplicationDelegate {
    public var window: Window? {
        get { nil }
        set {}
    }
    public func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool { true }
    public func applicationDidBecomeActive(_ application: Application) {}
    public func applicationWillResignActive(_ application: Application) {}
    public func applicationDidEnterBackground(_ application: Application) {}
    public func applicationWillEnterForeground(_ application: Application) {}
    public func applicationWillTerminate(_ application: Application) {}
    public func application(_ application: Application, shouldSaveSecureApplicationState coder: Coder) -> Bool {
        self.application(application, shouldSaveApplicationState: coder)
    }
    public func application(_ application: Application, shouldRestoreSecureApplicationState coder: Coder) -> Bool {
        self.application(application, shouldRestoreApplicationState: coder)
    }
    public func application(_ application: Application, shouldSaveApplicationState coder: Coder) -> Bool {
        application.delegateLeftDecisionUnanswered = true
        return false
    }
    public func application(_ application: Application, shouldRestoreApplicationState coder: Coder) -> Bool {
        application.delegateLeftDecisionUnanswered = true
        return false
    }
    public func application(_ application: Application, willEncodeRestorableStateWith coder: Coder) {}
    public func application(_ application: Application, didDecodeRestorableStateWith coder: Coder) {}
    public func application(_ application: Application, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
                            coder: Coder) -> ViewController? { nil }
}

extension Application {
    /// The delegate's answer to whether a save goes ahead: `nil` when there is no delegate or it
    /// implements neither decision (the app has not opted in).
    @_spi(Restoration)
    public func delegateDecision(shouldSave coder: Coder) -> Bool? {
        delegateDecision { $0.application(self, shouldSaveSecureApplicationState: coder) }
    }

    /// The delegate's answer to whether a restore goes ahead, as ``delegateDecision(shouldSave:)``.
    @_spi(Restoration)
    public func delegateDecision(shouldRestore coder: Coder) -> Bool? {
        delegateDecision { $0.application(self, shouldRestoreSecureApplicationState: coder) }
    }

    /// What `ask` answers, or `nil` when the protocol's defaults answered for a delegate that
    /// implements neither pair.
    private func delegateDecision(_ ask: (any ApplicationDelegate) -> Bool) -> Bool? {
        guard let delegate else { return nil }
        delegateLeftDecisionUnanswered = false
        let answer = ask(delegate)
        return delegateLeftDecisionUnanswered ? nil : answer
    }
}

extension ApplicationDelegate {
    /// Runs the app as `UIApplicationMain` does, for `@main` on the delegate: makes the delegate
    /// (``ApplicationLaunchConfiguration``, which the delegate must adopt on Linux), launches it
    /// (``Application/launch(_:options:)``; with scenes when the delegate adopts
    /// ``SceneLaunchConfiguration``), then takes the system's events from standard input,
    /// one a line: `background`, `foreground`, `resign-active`, `become-active`,
    /// `memory-warning`, `terminate`, and for a scene app `discard-scene N` (the Nth open
    /// session, from 0, in the order the sessions opened). On `terminate`, or at the end of the input, the app
    /// terminates and the process exits normally.
    public static func main() {
        guard let configuration = Self.self as? any ApplicationLaunchConfiguration.Type else {
            FileHandle.standardError.write(Data("""
                navstate: \(Self.self) is the app's @main delegate, but it does not adopt ApplicationLaunchConfiguration, \
                which says how to make it and where its state is kept on Linux (see ApplicationLaunchConfiguration)

                """.utf8))
            exit(70)
        }
        let application = Application.shared
        do {
            application.statePreservation = try configuration.makeStatePreservation()
        } catch {
            FileHandle.standardError.write(Data("navstate: the app's state cannot be kept, so it runs without it: \(error)\n".utf8))
        }
        if let scenes = configuration as? any SceneLaunchConfiguration.Type { application.adoptScenes(from: scenes) }
        application.launch(configuration.makeDelegate())
        SystemEvents.deliver(to: application)
    }
}

extension Application {
    /// The app-level coder's key for the app's build (`CFBundleVersion` in UIKit), a string.
    nonisolated public static let stateRestorationBundleVersionKey = "ApplicationStateRestorationBundleVersionKey"
    /// The app-level coder's key for when the snapshot was saved, a date.
    nonisolated public static let stateRestorationTimestampKey = "ApplicationStateRestorationTimestampKey"
    /// The app-level coder's key for the system that saved the snapshot, a string.
    nonisolated public static let stateRestorationSystemVersionKey = "ApplicationStateRestorationSystemVersionKey"
    /// The app-level coder's key for the idiom of the device the state was saved on, an integer:
    /// `UserInterfaceIdiom`'s raw value, as UIKit writes it.
    nonisolated public static let stateRestorationUserInterfaceIdiomKey = "ApplicationStateRestorationUserInterfaceIdiomKey"
    /// A restoration class's coder key for the storyboard a controller came from.
    nonisolated public static let stateRestorationViewControllerStoryboardKey = "ApplicationStateRestorationViewControllerStoryboardKey"
}
