extension Scene {
    /// Why a scene connects, as `UIScene.ConnectionOptions`: the activities it was asked to
    /// continue (a Handoff, or ``Application/requestSceneSessionActivation(_:userActivity:options:errorHandler:)``'s
    /// activity). A restored session's own activity is not here: it is the session's
    /// ``SceneSession/stateRestorationActivity``.
    @MainActor
    public final class ConnectionOptions {
        /// The activities the scene is asked to continue; empty for a plain launch.
        public let userActivities: Set<UserActivity>

        /// Makes options with `userActivities`: the application makes them as a scene connects.
        public init(userActivities: Set<UserActivity> = []) {
            self.userActivities = userActivities
        }
    }

    /// What an activation request says about itself, as `UIScene.ActivationRequestOptions`.
    @MainActor
    open class ActivationRequestOptions {
        /// The scene that asked; stored only.
        public var requestingScene: Scene?
        /// Makes empty options.
        public init() {}
    }
}

/// What a destruction request says about itself, as `UISceneDestructionRequestOptions`;
/// there is nothing to animate headless, so it holds nothing.
@MainActor
open class SceneDestructionRequestOptions {
    /// Makes empty options.
    public init() {}
}
