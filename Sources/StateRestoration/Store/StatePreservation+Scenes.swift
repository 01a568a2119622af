import ControllerKit
import Foundation

/// A scene app's state: each session's row, its activity and its own snapshots, saved and
/// restored at its scene's moments (docs/scenes.md). Failures land in ``sessionRestores``,
/// ``sessionSaves``, ``sessionProblems`` and ``lastDiscard``; the app goes on as if nothing had
/// been saved.
extension StatePreservation: SceneStatePreservation {
    /// The sessions whose rows read back, in the order they were first saved; damaged ones go to ``sessionProblems``.
    public func savedSessions(for application: Application) -> [SceneSessionRecord] {
        do throws(StoreError) {
            let results = try store.sessionResults()
            sessionProblems = results.compactMap { result in
                guard case .failure(let problem) = result else { return nil }
                return problem
            }
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
            try store.restore(session: identifier, into: [window], registry: registry, policy: policy, timing: nil,
                              now: Date(), requiringOptIn: true) { [weak self] end in
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

    /// Saves the session and its activity and, when the app's delegate opts in, the shown
    /// windows of its scene as a snapshot of it.
    public func preserveSession(_ session: SceneSession) {
        let identifier = session.persistentIdentifier
        sessionSaves[identifier] = Result { () throws(StoreError) in
            let record: SceneSessionRecord
            do throws(PropertyListError) {
                record = try session.record()
            } catch {
                throw StoreError.invalidHierarchy(reason: "scene session \(identifier) holds a value that is not a property-list value: \(error)")
            }
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
