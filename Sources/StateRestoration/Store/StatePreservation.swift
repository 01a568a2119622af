import ControllerKit

/// Saves and restores an app's state in a ``RestorationStore`` at UIKit's moments, when its delegate opts in
/// (docs/behaviour.md §2.3); as ``Application/sceneStatePreservation``, it saves each scene session on its own (docs/scenes.md).
///
/// ```swift
/// let preservation = try StatePreservation(path: stateFile, registry: MyApp.registry())
/// Application.shared.statePreservation = preservation
/// Application.shared.launch(AppDelegate())
/// // … the system sends the app to the background: its state is saved.
/// Application.shared.enterBackground()
/// ```
@MainActor
public final class StatePreservation: ApplicationStatePreservation {
    /// Where the state is kept.
    public let store: RestorationStore
    /// The app's restorable classes.
    public let registry: RestorationRegistry
    /// Which snapshots a restore at launch accepts.
    public var policy: RestorePolicy
    /// What the restore at launch did, or why it failed; `nil` before the launch.
    public private(set) var lastRestore: Result<RestoreReport, StoreError>?
    /// What the last save in the background did, or why it failed; `nil` before the first.
    public private(set) var lastSave: Result<SaveReport, StoreError>?

    /// What the restore of each scene session (by persistent identifier) did, or why it failed.
    public internal(set) var sessionRestores: [String: Result<RestoreReport, StoreError>] = [:]
    /// What the last save of each scene session did, or why it failed.
    public internal(set) var sessionSaves: [String: Result<SaveReport, StoreError>] = [:]
    /// Why saved sessions were left out of the launch, or why none could be read.
    public internal(set) var sessionProblems: [StoreError] = []
    /// What the last discard of sessions deleted, or why it failed; `nil` before the first.
    public internal(set) var lastDiscard: Result<PruneResult, StoreError>?
    /// The end of each restoring session's restore, run when its scene's restoration is over.
    var pendingRestoreEnds: [String: @MainActor () -> [String]] = [:]

    /// Preserves state in `store`.
    public init(store: RestorationStore, registry: RestorationRegistry, policy: RestorePolicy = RestorePolicy()) {
        self.store = store
        self.registry = registry
        self.policy = policy
    }

    /// Preserves state in the store at `path`, opened with `recovery: .moveAside`.
    public convenience init(path: String, registry: RestorationRegistry, configuration: StoreConfiguration = StoreConfiguration(),
                            policy: RestorePolicy = RestorePolicy()) throws(StoreError) {
        self.init(store: try RestorationStore(path: path, configuration: configuration, recovery: .moveAside),
                  registry: registry, policy: policy)
    }

    /// Restores into the delegate's window, when the delegate opts in; an empty `window` property
    /// gets a new window first, as UIKit gives a storyboard app its main window.
    public func restoreApplicationState(_ application: Application) {
        guard let delegate = application.delegate else { return }
        if delegate.window == nil { delegate.window = Window(application: application) }
        lastRestore = Result { () throws(StoreError) in
            guard let window = delegate.window else {
                return RestoreReport(refusal: "the application's delegate has no window to restore into (its window property)")
            }
            return try store.restore(into: [window], registry: registry, policy: policy, requiringOptIn: true)
        }
    }

    /// Saves the application's shown windows, when the delegate opts in.
    public func preserveApplicationState(_ application: Application) {
        lastSave = Result { () throws(StoreError) in
            try store.write(store.capture(windows: application.windows, registry: registry, label: "background",
                                          requiringOptIn: true))
        }
    }
}

/// A scene app's sessions, each saved and restored at its scene's moments (docs/scenes.md); the
/// app goes on as if nothing had been saved when that fails.
extension StatePreservation: SceneStatePreservation {
    /// The sessions whose rows read back, in the order they were first saved; damaged ones go to ``sessionProblems``.
    public func savedSessions(for application: Application) -> [SceneSessionRecord] {
        do throws(StoreError) {
            let results = try store.sessions()
            sessionProblems = results.compactMap { if case .failure(let problem) = $0 { problem } else { nil } }
            return results.compactMap { try? $0.get().record }
        } catch {
            sessionProblems = [error]
            return []
        }
    }

    /// Restores the session's newest restorable snapshot into `window`, when the app's delegate
    /// opts in; its crash mark stays until ``sessionDidFinishRestoring(_:)``.
    public func restoreSession(_ session: SceneSession, into window: Window) {
        let identifier = session.persistentIdentifier
        sessionRestores[identifier] = Result { () throws(StoreError) in
            try store.restore(session: identifier, into: [window], registry: registry, policy: policy,
                              requiringOptIn: true) { [weak self] end in
                self?.pendingRestoreEnds[identifier] = end
            }
        }
    }

    /// Ends the session's restore: its crash mark cleared, its probation begun.
    public func sessionDidFinishRestoring(_ session: SceneSession) {
        let identifier = session.persistentIdentifier
        guard let end = pendingRestoreEnds.removeValue(forKey: identifier) else { return }
        let warnings = end()
        if !warnings.isEmpty, case .success(var report)? = sessionRestores[identifier] {
            report.warnings += warnings
            sessionRestores[identifier] = .success(report)
        }
    }

    /// Saves the session and, when the app's delegate opts in, its scene's shown windows.
    public func preserveSession(_ session: SceneSession) {
        let identifier = session.persistentIdentifier
        sessionSaves[identifier] = Result { () throws(StoreError) in
            let record = try Result { () throws(PropertyListError) in try session.record() }.mapError { error in
                StoreError.invalidHierarchy(reason: "scene session \(identifier) holds a value that is not a property-list "
                                                + "value: \(error)")
            }.get()
            let windows = ((session.scene as? WindowScene)?.windows ?? []).filter { !$0.isHidden }
            let captured = try store.capture(windows: windows, registry: registry, label: "background", requiringOptIn: true)
            return try store.write(captured, session: record)
        }
    }

    /// Deletes the sessions' rows, activities and snapshots.
    public func discardSessions(_ sessions: [SceneSession]) {
        let identifiers = sessions.map(\.persistentIdentifier)
        for identifier in identifiers { pendingRestoreEnds[identifier] = nil }
        lastDiscard = Result { () throws(StoreError) in try store.discardSessions(identifiers) }
    }
}
