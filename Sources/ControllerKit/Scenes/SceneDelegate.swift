/// The scene's delegate, spelled as `UISceneDelegate`: the scene's life, and its state
/// restoration by user activity. Every member has a default that does nothing, as every member
/// of UIKit's is optional.
///
/// The calls come in UIKit's order (docs/scenes.md): `scene(_:willConnectTo:options:)`, then
/// `scene(_:restoreInteractionStateWith:)` when the session has a
/// ``SceneSession/stateRestorationActivity``, then `sceneWillEnterForeground(_:)` and
/// `sceneDidBecomeActive(_:)`; in the background `sceneWillResignActive(_:)`,
/// `sceneDidEnterBackground(_:)`, then `stateRestorationActivity(for:)`; and
/// `sceneDidDisconnect(_:)` when the scene is released.
@MainActor
public protocol SceneDelegate: AnyObject {
    /// The scene connects to the app for `session`, new or reconnecting: build its interface
    /// here, from `connectionOptions.userActivities.first ?? session.stateRestorationActivity`.
    func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions)
    /// The scene was released (shortly after it entered the background, or when its session was
    /// discarded); its session may connect again later.
    func sceneDidDisconnect(_ scene: Scene)
    /// The scene is active: on screen and receiving events.
    func sceneDidBecomeActive(_ scene: Scene)
    /// The scene is about to stop receiving events.
    func sceneWillResignActive(_ scene: Scene)
    /// The scene is about to come on screen.
    func sceneWillEnterForeground(_ scene: Scene)
    /// The scene is off screen; `stateRestorationActivity(for:)` is asked next.
    func sceneDidEnterBackground(_ scene: Scene)
    /// The activity that restores the scene's current state when its session reconnects; a copy
    /// is kept as the session's ``SceneSession/stateRestorationActivity``, after the responders
    /// sharing it updated it (``UserActivity/prepareForSaving()``). `nil` (the default) keeps none.
    func stateRestorationActivity(for scene: Scene) -> UserActivity?
    /// Restores what the user was doing from the session's activity, after
    /// `scene(_:willConnectTo:options:)` and once every ``Scene/extendStateRestoration()`` of
    /// the scene is completed.
    func scene(_ scene: Scene, restoreInteractionStateWith stateRestorationActivity: UserActivity)
}

/// Every member is optional, as UIKit's are: a delegate implements only what it needs.
extension SceneDelegate {
    /// Does nothing.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions) {}
    /// Does nothing.
    public func sceneDidDisconnect(_ scene: Scene) {}
    /// Does nothing.
    public func sceneDidBecomeActive(_ scene: Scene) {}
    /// Does nothing.
    public func sceneWillResignActive(_ scene: Scene) {}
    /// Does nothing.
    public func sceneWillEnterForeground(_ scene: Scene) {}
    /// Does nothing.
    public func sceneDidEnterBackground(_ scene: Scene) {}
    /// No activity: the session keeps none.
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? { nil }
    /// Does nothing.
    public func scene(_ scene: Scene, restoreInteractionStateWith stateRestorationActivity: UserActivity) {}
}

/// The delegate of a ``WindowScene``, spelled as `UIWindowSceneDelegate`: a ``SceneDelegate``
/// with the scene's window.
///
/// ```swift
/// final class MySceneDelegate: Responder, WindowSceneDelegate {
///     var window: Window?
///
///     func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions) {
///         guard let windowScene = scene as? WindowScene else { return }
///         if window == nil { window = Window(windowScene: windowScene) }
///         if window?.rootViewController == nil { window?.rootViewController = ViewController() }
///         window?.makeKeyAndVisible()
///     }
///
///     func stateRestorationActivity(for scene: Scene) -> UserActivity? { scene.userActivity }
/// }
/// ```
@MainActor
public protocol WindowSceneDelegate: SceneDelegate {
    /// The scene's main window, as UIKit's optional `window` property. When the app keeps state
    /// (``Application/sceneStatePreservation``) and the property is `nil` as a scene connects,
    /// the scene gets a `Window(windowScene:)` first, as UIKit gives a storyboard scene its
    /// window, and a reconnecting session's controllers are restored into it before
    /// `scene(_:willConnectTo:options:)`. The scene shows it, unless the app showed a window.
    var window: Window? { get set }
}

extension WindowSceneDelegate {
    /// No window, for a delegate that declares no `window` property: nothing is restored into
    /// its scene, and setting it keeps nothing.
    public var window: Window? {
        get { nil }
        set {}
    }
}
