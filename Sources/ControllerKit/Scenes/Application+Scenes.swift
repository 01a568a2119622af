import Foundation

extension Application {
    /// Whether the app runs with scenes: it has a ``sceneDelegateFactory``.
    var usesScenes: Bool { sceneDelegateFactory != nil }

    /// The app's sessions, connected or not, as `UIApplication.openSessions`: from launch (the
    /// saved ones, or a new one) until they are discarded.
    public var openSessions: Set<SceneSession> { Set(sessions) }

    /// The scenes connected now, as `UIApplication.connectedScenes`.
    public var connectedScenes: Set<Scene> { Set(sessions.compactMap(\.connectedScene)) }

    // MARK: - The app's requests

    /// Shows `sceneSession`'s scene, as UIKit's: a new session when it is `nil`
    /// (`application(_:configurationForConnecting:options:)` chooses its configuration), a
    /// session that is not connected reconnects with its ``SceneSession/stateRestorationActivity``,
    /// and a connected one comes to the foreground. `userActivity`, if any, is in the
    /// connection options. A refused request calls `errorHandler` with a ``SceneRequestError``.
    public func requestSceneSessionActivation(_ sceneSession: SceneSession?, userActivity: UserActivity?,
                                              options: Scene.ActivationRequestOptions?,
                                              errorHandler: ((any Error) -> Void)? = nil) {
        if let problem = sceneRequestProblem(sceneSession) {
            errorHandler?(problem)
            return
        }
        let activities: Set<UserActivity> = userActivity.map { [$0] } ?? []
        guard let sceneSession else {
            let session = SceneSession(persistentIdentifier: UUID().uuidString, role: .windowApplication,
                                       configuration: SceneConfiguration(name: SceneConfiguration.defaultName, sessionRole: .windowApplication))
            sessions.append(session)
            connect(session, userActivities: activities, isNew: true)
            return
        }
        if let scene = sceneSession.connectedScene {
            bringToForeground(scene)
        } else {
            connect(sceneSession, userActivities: activities, isNew: false)
        }
    }

    /// Discards `sceneSession`, as UIKit's: its scene, if connected, leaves the foreground
    /// (`sceneWillResignActive`, `sceneDidEnterBackground`; nothing is saved) and disconnects,
    /// the session leaves ``openSessions``, its saved state is deleted
    /// (``SceneStatePreservation/discardSessions(_:)``), then the app delegate's
    /// `application(_:didDiscardSceneSessions:)`. A refused request calls `errorHandler` with a
    /// ``SceneRequestError``.
    public func requestSceneSessionDestruction(_ sceneSession: SceneSession, options: SceneDestructionRequestOptions?,
                                               errorHandler: ((any Error) -> Void)? = nil) {
        if let problem = sceneRequestProblem(sceneSession) {
            errorHandler?(problem)
            return
        }
        if let scene = sceneSession.connectedScene {
            moveToBackground(scene, saving: false)
            release(scene)
        }
        sessions.removeAll { $0 === sceneSession }
        sceneStatePreservation?.discardSessions([sceneSession])
        delegate?.application(self, didDiscardSceneSessions: [sceneSession])
    }

    // MARK: - The system's events for one scene

    /// The system sends one scene to the background (another app takes its place on screen):
    /// from the foreground, as the app-wide ``enterBackground()`` does for every scene, its
    /// state saved. Nothing happens to a scene that is not in the foreground.
    public func enterBackground(_ scene: Scene) {
        guard isConnected(scene) else { return }
        moveToBackground(scene, saving: true)
    }

    /// The system releases one scene to reclaim its memory: it enters the background first if
    /// it is in the foreground (its state saved), then `sceneDidDisconnect(_:)`; its windows are
    /// hidden and its session stays open, to connect again with its saved activity.
    public func disconnect(_ scene: Scene) {
        guard isConnected(scene) else { return }
        moveToBackground(scene, saving: true)
        release(scene)
    }

    // MARK: - Checks

    private func sceneRequestProblem(_ session: SceneSession?) -> SceneRequestError? {
        guard usesScenes else { return .scenesNotSupported }
        guard hasLaunched else { return .notLaunched }
        if let session, !sessions.contains(where: { $0 === session }) { return .sessionNotOpen(session.persistentIdentifier) }
        return nil
    }

    private func isConnected(_ scene: Scene) -> Bool {
        guard scene.application === self, scene.session.connectedScene === scene else {
            report(Diagnostic(kind: .outOfOrder, message: "a scene that is not connected to this application; nothing happens"))
            return false
        }
        return true
    }
}
