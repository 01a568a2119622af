import ControllerKit

/// ``SceneStatePreservation`` kept in memory, standing in for a store across simulated
/// relaunches: a new `Application` given the same store is the next launch of the process.
///
/// A session's hierarchy is kept as the restoration identifiers of its window's screen: the
/// root's, or a navigation root's stack; a restore rebuilds that stack of plain controllers in a
/// navigation controller named `nav`. Each call is appended to ``calls`` with the session's
/// label from `label`, so traces show where the store runs among the delegates' calls.
@MainActor
final class InMemorySceneStore: SceneStatePreservation {
    /// The saved sessions, in the order they were first saved; a test may write rows as a
    /// damaged file would hold them.
    var records: [SceneSessionRecord] = []
    /// Each saved session's screen, by identifier.
    private(set) var screens: [String: [String]] = [:]
    /// Sessions whose record could not be made (a value that is not a property-list value).
    private(set) var failures: [String] = []
    /// Where the store's calls are written.
    var record: (String) -> Void = { _ in }
    /// The label of a session in ``record``'s lines.
    var label: (SceneSession) -> String = { $0.persistentIdentifier }

    func savedSessions(for application: Application) -> [SceneSessionRecord] {
        record("store.savedSessions(\(records.count))")
        return records
    }

    func restoreSession(_ session: SceneSession, into window: Window) {
        let screen = screens[session.persistentIdentifier] ?? []
        record("store.restore(\(label(session)): \(screen.joined(separator: "/")))")
        guard !screen.isEmpty else { return }
        let navigation = NavigationController()
        navigation.restorationIdentifier = "nav"
        navigation.viewControllers = screen.map(named)
        window.rootViewController = navigation
    }

    func sessionDidFinishRestoring(_ session: SceneSession) {
        record("store.finishedRestoring(\(label(session)))")
    }

    func preserveSession(_ session: SceneSession) {
        let identifier = session.persistentIdentifier
        do {
            let saved = try session.record()
            if let index = records.firstIndex(where: { $0.persistentIdentifier == identifier }) {
                records[index] = saved
            } else {
                records.append(saved)
            }
        } catch {
            failures.append(identifier)
        }
        let root = (session.scene as? WindowScene)?.windows.first?.rootViewController
        let stack = (root as? NavigationController)?.viewControllers ?? root.map { [$0] } ?? []
        screens[identifier] = stack.map { $0.restorationIdentifier ?? "?" }
        let message = session.stateRestorationActivity?.userInfo?["message"].map { "\($0)" } ?? "none"
        record("store.preserve(\(label(session)): message \(message), \(screens[identifier, default: []].joined(separator: "/")))")
    }

    func discardSessions(_ sessions: [SceneSession]) {
        let identifiers = Set(sessions.map(\.persistentIdentifier))
        records.removeAll { identifiers.contains($0.persistentIdentifier) }
        for identifier in identifiers { screens[identifier] = nil }
        record("store.discard(\(sessions.map(label).joined(separator: ",")))")
    }
}
