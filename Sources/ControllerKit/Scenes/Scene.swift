/// The headless `UIScene`: one instance of the app's interface, connected to the app for one
/// ``SceneSession``. The application makes scenes (a ``WindowScene`` for each session it
/// connects) and moves them through their ``ActivationState``s, calling the scene's
/// ``delegate`` at each step in UIKit's order (docs/scenes.md).
///
/// ```swift
/// let application = Application()
/// application.sceneDelegateFactory = { _ in MySceneDelegate() }
/// application.launch(MyAppDelegate())
/// let scene = application.connectedScenes.first
/// print(scene?.activationState == .foregroundActive)   // true
/// ```
///
/// Its ``Responder/userActivity`` is the scene's own activity, which template code returns from
/// ``SceneDelegate/stateRestorationActivity(for:)``. Equality and hashing are by identity, as
/// `NSObject`'s, so scenes go in sets (``Application/connectedScenes``).
@MainActor
open class Scene: Responder, Hashable {
    /// Where a scene is in its life, as `UIScene.ActivationState` (UIKit's raw values).
    public enum ActivationState: Int, Sendable, Hashable {
        /// Not connected to the app, or connected and not yet in the foreground.
        case unattached = -1
        /// On screen and receiving events.
        case foregroundActive = 0
        /// On screen without events: connecting, or between active and background.
        case foregroundInactive = 1
        /// Off screen; its state was saved and it may be disconnected at any moment.
        case background = 2
    }

    /// The session this scene shows; it outlives the scene.
    public let session: SceneSession

    /// The object the scene calls at each step of its life. Held strongly, as UIKit's scene holds
    /// its delegate; made by ``Application/sceneDelegateFactory`` when the scene connects.
    public var delegate: (any SceneDelegate)?

    /// Where the scene is in its life.
    public internal(set) var activationState: ActivationState = .unattached

    /// A title the system may show for the scene (the app switcher's); stored only.
    open var title: String?

    /// The application that connected the scene. Weak: the application holds its scenes.
    weak var application: Application?
    /// How many ``extendStateRestoration()`` calls wait for their ``completeStateRestoration()``.
    var stateRestorationExtensions = 0
    /// Whether the scene connected and its restoration has not finished yet.
    var isRestoring = false

    /// Makes a scene for `session`; the application makes scenes as sessions connect.
    init(session: SceneSession, application: Application) {
        self.session = session
        self.application = application
        super.init()
    }

    // MARK: - Extended restoration

    /// Says the scene goes on restoring after `scene(_:willConnectTo:options:)` returned
    /// (loading what the activity names from a server, say), as UIKit's: until as many
    /// ``completeStateRestoration()`` calls, `scene(_:restoreInteractionStateWith:)` waits, and
    /// the session's restoration is not finished (a crash meanwhile counts against this
    /// session's saved state only).
    public func extendStateRestoration() {
        stateRestorationExtensions += 1
    }

    /// Ends one ``extendStateRestoration()``; the last one finishes the scene's restoration.
    public func completeStateRestoration() {
        guard stateRestorationExtensions > 0 else {
            (application ?? .shared).report(Diagnostic(kind: .outOfOrder, message: "completeStateRestoration() on a scene without extendStateRestoration(); it does nothing"))
            return
        }
        stateRestorationExtensions -= 1
        if stateRestorationExtensions == 0 { application?.finishRestoring(self) }
    }

    // MARK: - Identity

    /// Identity, as `NSObject`'s `==`.
    nonisolated public static func == (lhs: Scene, rhs: Scene) -> Bool { lhs === rhs }

    /// Hashes the identity.
    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
