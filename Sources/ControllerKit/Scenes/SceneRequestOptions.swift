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

/// Why a scene request was refused; handed to the request's `errorHandler`.
public enum SceneRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The app runs without scenes (no ``Application/sceneDelegateFactory``).
    case scenesNotSupported
    /// The app has not launched yet.
    case notLaunched
    /// The session, by its identifier, is not one of the app's open sessions (it was discarded).
    case sessionNotOpen(String)

    public var description: String {
        switch self {
        case .scenesNotSupported: "the app runs without scenes: it has no scene delegate factory"
        case .notLaunched: "the app has not launched yet"
        case .sessionNotOpen(let identifier): "the scene session \(identifier) is not open (it was discarded)"
        }
    }
}
