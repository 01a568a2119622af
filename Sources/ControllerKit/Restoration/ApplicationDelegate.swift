/// The app-level hooks of state restoration, spelled as `UIApplicationDelegate` spells them, so
/// that `class AppDelegate: Responder, ApplicationDelegate` ports by renaming. Set an instance
/// as ``Application/delegate``; a store's save and restore call it.
///
/// Every method has a default: both decisions say yes (the app asked the store to save or
/// restore), the coder hooks do nothing, and no controller is supplied.
///
/// ```swift
/// final class AppDelegate: Responder, ApplicationDelegate {
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
    /// Whether a save goes ahead; `coder` holds the snapshot's metadata (see the restoration
    /// keys of ``Application``).
    func application(_ application: Application, shouldSaveSecureApplicationState coder: Coder) -> Bool
    /// Whether a restore goes ahead; `coder` holds the saved snapshot's metadata and the app's
    /// own keys.
    func application(_ application: Application, shouldRestoreSecureApplicationState coder: Coder) -> Bool
    /// Writes the app's own keys into a save, before any controller encodes.
    func application(_ application: Application, willEncodeRestorableStateWith coder: Coder)
    /// Reads the app's own keys back, once every restored controller and object decoded.
    func application(_ application: Application, didDecodeRestorableStateWith coder: Coder)
    /// The controller for a saved path, asked after its restoration class and before anything
    /// else; `nil` lets restoration go on looking.
    func application(_ application: Application, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
                     coder: Coder) -> ViewController?
}

extension ApplicationDelegate {
    public func application(_ application: Application, shouldSaveSecureApplicationState coder: Coder) -> Bool { true }
    public func application(_ application: Application, shouldRestoreSecureApplicationState coder: Coder) -> Bool { true }
    public func application(_ application: Application, willEncodeRestorableStateWith coder: Coder) {}
    public func application(_ application: Application, didDecodeRestorableStateWith coder: Coder) {}
    public func application(_ application: Application, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
                            coder: Coder) -> ViewController? { nil }
}

extension Application {
    /// The app-level coder's key for the app's build (`CFBundleVersion` in UIKit), a string.
    nonisolated public static let stateRestorationBundleVersionKey = "ApplicationStateRestorationBundleVersionKey"
    /// The app-level coder's key for when the snapshot was saved, a date.
    nonisolated public static let stateRestorationTimestampKey = "ApplicationStateRestorationTimestampKey"
    /// The app-level coder's key for the system that saved the snapshot, a string.
    nonisolated public static let stateRestorationSystemVersionKey = "ApplicationStateRestorationSystemVersionKey"
    /// The app-level coder's key for the device idiom, an integer (0 here, as a phone).
    nonisolated public static let stateRestorationUserInterfaceIdiomKey = "ApplicationStateRestorationUserInterfaceIdiomKey"
}
