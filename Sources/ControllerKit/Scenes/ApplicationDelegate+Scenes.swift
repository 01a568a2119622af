// The app delegate's two scene-session calls, declared in ApplicationDelegate's requirements;
// their defaults are here, with the scenes they serve.

extension ApplicationDelegate {
    /// The session's initial configuration (``SceneConfiguration/defaultName`` for its role), as
    /// UIKit takes the Info.plist's when the delegate does not implement this.
    public func application(_ application: Application, configurationForConnecting connectingSceneSession: SceneSession,
                            options: Scene.ConnectionOptions) -> SceneConfiguration {
        connectingSceneSession.configuration
    }

    /// Does nothing.
    public func application(_ application: Application, didDiscardSceneSessions sceneSessions: Set<SceneSession>) {}
}
