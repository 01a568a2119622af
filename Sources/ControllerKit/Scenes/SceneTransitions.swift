import Foundation

// Each scene's steps in UIKit's order, and the app's state and notifications as UIKit derives
// them from its scenes: a scene app's delegate gets no applicationDidBecomeActive(_:) and the
// like (UIKit calls the scene delegates instead), while the notifications are still posted.
extension Application {
    // MARK: - Launch and the app-wide events

    /// The end of a scene app's launch: `application(_:didFinishLaunchingWithOptions:)`, then
    /// each saved session reconnects, in order, or one new session connects.
    func finishLaunchingWithScenes(_ delegate: any ApplicationDelegate, options: [LaunchOptionsKey: Any]?) {
        _ = delegate.application(self, didFinishLaunchingWithOptions: options)
        NotificationCenter.default.post(name: Self.didFinishLaunchingNotification, object: self)
        let saved = sceneStatePreservation?.savedSessions(for: self) ?? []
        if saved.isEmpty {
            requestSceneSessionActivation(nil, userActivity: nil, options: nil)
            return
        }
        // A store read back from disk could repeat a session: the first one stands.
        var seen: Set<String> = []
        sessions = saved.filter { seen.insert($0.persistentIdentifier).inserted }.map(SceneSession.init(record:))
        for session in sessions {
            connect(session, userActivities: [], isNew: false)
        }
    }

    func scenesBecomeActive() {
        for scene in sessions.compactMap(\.connectedScene) { bringToForeground(scene) }
    }

    func scenesResignActive() {
        for scene in sessions.compactMap(\.connectedScene) { resignActive(scene) }
    }

    func scenesEnterBackground() {
        for scene in sessions.compactMap(\.connectedScene) { moveToBackground(scene, saving: true) }
    }

    // MARK: - One scene's steps

    /// Connects `session`: its configuration (a new session's, from the app delegate), its scene
    /// and delegate, its saved controllers (``SceneStatePreservation/restoreSession(_:into:)``),
    /// `scene(_:willConnectTo:options:)`, its restoration, its window shown, the foreground.
    func connect(_ session: SceneSession, userActivities: Set<UserActivity>, isNew: Bool) {
        let options = Scene.ConnectionOptions(userActivities: userActivities)
        if isNew, let delegate {
            session.configuration = delegate.application(self, configurationForConnecting: session, options: options)
        }
        let scene = WindowScene(session: session, application: self)
        session.connectedScene = scene
        scene.delegate = sceneDelegateFactory?(session.configuration)
        if let preservation = sceneStatePreservation, let windowDelegate = scene.delegate as? any WindowSceneDelegate {
            if windowDelegate.window == nil { windowDelegate.window = Window(windowScene: scene) }
            if !isNew, let window = windowDelegate.window { preservation.restoreSession(session, into: window) }
        }
        scene.delegate?.scene(scene, willConnectTo: session, options: options)
        scene.isRestoring = true
        if scene.stateRestorationExtensions == 0 { finishRestoring(scene) }
        if let window = (scene.delegate as? any WindowSceneDelegate)?.window, window.isHidden,
           !scene.windows.contains(where: { !$0.isHidden }) {
            window.makeKeyAndVisible()
        }
        bringToForeground(scene)
    }

    /// The end of `scene`'s restoration: `scene(_:restoreInteractionStateWith:)` when its session
    /// has an activity, then ``SceneStatePreservation/sessionDidFinishRestoring(_:)``.
    func finishRestoring(_ scene: Scene) {
        guard scene.isRestoring, scene.session.connectedScene === scene else { return }
        scene.isRestoring = false
        if let activity = scene.session.stateRestorationActivity {
            scene.delegate?.scene(scene, restoreInteractionStateWith: activity)
        }
        sceneStatePreservation?.sessionDidFinishRestoring(scene.session)
    }

    func bringToForeground(_ scene: Scene) {
        if scene.activationState == .unattached || scene.activationState == .background {
            scene.delegate?.sceneWillEnterForeground(scene)
            scene.activationState = .foregroundInactive
            updateStateFromScenes()
        }
        guard scene.activationState == .foregroundInactive else { return }
        scene.activationState = .foregroundActive
        scene.delegate?.sceneDidBecomeActive(scene)
        updateStateFromScenes()
    }

    func resignActive(_ scene: Scene) {
        guard scene.activationState == .foregroundActive else { return }
        scene.delegate?.sceneWillResignActive(scene)
        scene.activationState = .foregroundInactive
        updateStateFromScenes()
    }

    /// `scene` leaves the foreground; with `saving`, its delegate's activity becomes its
    /// session's (a copy, after the responders sharing it updated it) and the session is saved.
    func moveToBackground(_ scene: Scene, saving: Bool) {
        resignActive(scene)
        guard scene.activationState == .foregroundInactive else { return }
        scene.activationState = .background
        scene.delegate?.sceneDidEnterBackground(scene)
        updateStateFromScenes()
        guard saving else { return }
        let session = scene.session
        let activity = scene.delegate?.stateRestorationActivity(for: scene)
        activity?.prepareForSaving()
        do throws(PropertyListError) {
            // UIKit keeps a copy: later changes to the delegate's activity are not the saved state.
            if let activity {
                session.stateRestorationActivity = UserActivity(archive: try activity.archive())
            } else {
                session.stateRestorationActivity = nil
            }
        } catch {
            session.stateRestorationActivity = nil
            report(Diagnostic(kind: .userActivityNotSaved, message: "the state restoration activity of scene session \(session.persistentIdentifier) was not kept: \(error)"))
        }
        sceneStatePreservation?.preserveSession(session)
    }

    /// `sceneDidDisconnect(_:)`, then the scene's windows are hidden and its session lets it go.
    /// A restoration still extended ends with the scene, without
    /// `scene(_:restoreInteractionStateWith:)`: its controllers were made, and a store must not
    /// keep the session's crash mark for a restore that will never complete.
    func release(_ scene: Scene) {
        if scene.isRestoring {
            scene.isRestoring = false
            sceneStatePreservation?.sessionDidFinishRestoring(scene.session)
        }
        scene.delegate?.sceneDidDisconnect(scene)
        if let windowScene = scene as? WindowScene {
            for window in windowScene.windows { window.isHidden = true }
        }
        scene.activationState = .unattached
        scene.isRestoring = false
        scene.session.connectedScene = nil
        updateStateFromScenes()
    }

    // MARK: - The app's state

    /// Active while a scene is, inactive while one is in the foreground, else in the background;
    /// each change posts UIKit's notifications in order.
    private func updateStateFromScenes() {
        let states = sessions.compactMap { $0.connectedScene?.activationState }
        let derived: State = states.contains(.foregroundActive) ? .active
            : states.contains(.foregroundInactive) ? .inactive : .background
        let old = applicationState
        guard derived != old else { return }
        applicationState = derived
        var names: [Notification.Name] = []
        if old == .active { names.append(Self.willResignActiveNotification) }
        if old == .background { names.append(Self.willEnterForegroundNotification) }
        if derived == .background { names.append(Self.didEnterBackgroundNotification) }
        if derived == .active { names.append(Self.didBecomeActiveNotification) }
        for name in names { NotificationCenter.default.post(name: name, object: self) }
    }
}
