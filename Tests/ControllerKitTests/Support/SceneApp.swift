import ControllerKit
import Foundation

/// The calls of one test's scene app, across its launches, one line each; sessions are named
/// by letters (`A`, `B`, …) in the order the log first sees them.
@MainActor
final class CallLog {
    private(set) var lines: [String] = []
    private var labels: [String: String] = [:]

    /// Also gets every line, to interleave them with another trace.
    var mirror: ((String) -> Void)?

    func add(_ line: String) {
        lines.append(line)
        mirror?(line)
    }

    func label(_ session: SceneSession) -> String {
        if let label = labels[session.persistentIdentifier] { return label }
        let letter = String(UnicodeScalar(UInt8(65 + labels.count % 26)))
        let label = labels.count < 26 ? letter : "\(letter)\(labels.count / 26)"
        labels[session.persistentIdentifier] = label
        return label
    }

    /// The lines since the last call, then forgets them.
    func take() -> [String] {
        defer { lines.removeAll() }
        return lines
    }
}

/// An app delegate that writes every call it gets, the per-state ones included (a scene app's
/// delegate must not get them).
@MainActor
final class RecordingAppDelegate: Responder, ApplicationDelegate {
    let log: CallLog
    init(log: CallLog) { self.log = log }

    func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
        log.add("app.willFinishLaunching")
        return true
    }
    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
        log.add("app.didFinishLaunching")
        return true
    }
    func application(_ application: Application, configurationForConnecting connectingSceneSession: SceneSession,
                     options: Scene.ConnectionOptions) -> SceneConfiguration {
        log.add("app.configurationForConnecting(\(log.label(connectingSceneSession)))")
        return SceneConfiguration(name: "Mail", sessionRole: connectingSceneSession.role)
    }
    func application(_ application: Application, didDiscardSceneSessions sceneSessions: Set<SceneSession>) {
        log.add("app.didDiscardSceneSessions(\(sceneSessions.map(log.label).sorted().joined(separator: ",")))")
    }
    func applicationDidBecomeActive(_ application: Application) { log.add("app.applicationDidBecomeActive") }
    func applicationWillResignActive(_ application: Application) { log.add("app.applicationWillResignActive") }
    func applicationDidEnterBackground(_ application: Application) { log.add("app.applicationDidEnterBackground") }
    func applicationWillEnterForeground(_ application: Application) { log.add("app.applicationWillEnterForeground") }
}

/// A scene delegate in the template's shape that writes every call: it builds an inbox when
/// its window is empty, keeps the message it shows in its activity (shared with the scene, so
/// it is asked to update it before a save), and reads it back from
/// `connectionOptions.userActivities.first ?? session.stateRestorationActivity`.
@MainActor
final class RecordingSceneDelegate: Responder, WindowSceneDelegate {
    static let activityType = "com.example.mail.reading"

    var window: Window?
    let log: CallLog
    /// The message the scene shows: what its activity carries.
    var message = 0
    /// Whether `scene(_:willConnectTo:options:)` extends the scene's restoration.
    var extendsRestoration = false

    init(log: CallLog) { self.log = log }

    private func name(_ scene: Scene) -> String { log.label(scene.session) }

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions) {
        log.add("\(name(scene)).willConnectTo(activity: \(Self.message(in: session.stateRestorationActivity)), root: \(screen()))")
        let activity = connectionOptions.userActivities.first ?? session.stateRestorationActivity
        message = activity?.userInfo?["message"] as? Int ?? 0
        if window?.rootViewController == nil {
            window?.rootViewController = nav("nav", root: named("inbox"))
        }
        scene.userActivity = UserActivity(activityType: Self.activityType)
        userActivity = scene.userActivity
        if extendsRestoration { scene.extendStateRestoration() }
    }
    func scene(_ scene: Scene, restoreInteractionStateWith stateRestorationActivity: UserActivity) {
        log.add("\(name(scene)).restoreInteractionState(message: \(Self.message(in: stateRestorationActivity)))")
    }
    func sceneWillEnterForeground(_ scene: Scene) { log.add("\(name(scene)).sceneWillEnterForeground") }
    func sceneDidBecomeActive(_ scene: Scene) { log.add("\(name(scene)).sceneDidBecomeActive") }
    func sceneWillResignActive(_ scene: Scene) { log.add("\(name(scene)).sceneWillResignActive") }
    func sceneDidEnterBackground(_ scene: Scene) { log.add("\(name(scene)).sceneDidEnterBackground") }
    func sceneDidDisconnect(_ scene: Scene) { log.add("\(name(scene)).sceneDidDisconnect") }
    func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        log.add("\(name(scene)).stateRestorationActivity")
        return scene.userActivity
    }

    override func updateUserActivityState(_ activity: UserActivity) {
        log.add("updateUserActivityState(message: \(message))")
        activity.addUserInfoEntries(from: ["message": message])
    }

    /// Opens message `number` on the scene's screen.
    func open(message number: Int) {
        message = number
        (window?.rootViewController as? NavigationController)?.pushViewController(named("message-\(number)"), animated: false)
    }

    /// The window's screen as the store keeps it: `nav` stack identifiers, or `none`.
    func screen() -> String {
        guard let navigation = window?.rootViewController as? NavigationController else { return "none" }
        return navigation.viewControllers.map { $0.restorationIdentifier ?? "?" }.joined(separator: "/")
    }

    static func message(in activity: UserActivity?) -> String {
        activity?.userInfo?["message"].map { "\($0)" } ?? "nil"
    }
}

/// A scene app of recording delegates and an in-memory store, launched again and again as one
/// process after another: ``launch()`` starts a new process's `Application`, ``kill()`` ends
/// one without a call, as SIGKILL does.
@MainActor
final class SceneApp {
    let log = CallLog()
    let store = InMemorySceneStore()
    private(set) var application = Application()
    /// Set on every scene delegate the next launch makes.
    var extendsRestoration = false
    /// The controllers' lifecycle calls of the last launch, interleaved with the log's lines.
    private(set) var controllerTrace = LifecycleTraceRecorder(observing: [])
    private var observers: [any NSObjectProtocol] = []

    init() {
        store.record = { [log] in log.add($0) }
        store.label = { [log] in log.label($0) }
    }

    /// A new process: a fresh application with the same store, launched.
    func launch() {
        application = Application()
        controllerTrace = LifecycleTraceRecorder(observing: [application])
        log.mirror = { [controllerTrace] in controllerTrace.mark($0) }
        application.sceneStatePreservation = store
        application.sceneDelegateFactory = { [log, extendsRestoration] _ in
            let delegate = RecordingSceneDelegate(log: log)
            delegate.extendsRestoration = extendsRestoration
            return delegate
        }
        let notifications: [(Notification.Name, String)] = [
            (Application.didFinishLaunchingNotification, "note.didFinishLaunching"),
            (Application.didBecomeActiveNotification, "note.didBecomeActive"),
            (Application.willResignActiveNotification, "note.willResignActive"),
            (Application.didEnterBackgroundNotification, "note.didEnterBackground"),
            (Application.willEnterForegroundNotification, "note.willEnterForeground"),
        ]
        for (name, line) in notifications {
            observers.append(NotificationCenter.default.addObserver(forName: name, object: application, queue: nil) { [log] _ in
                MainActor.assumeIsolated { log.add(line) }
            })
        }
        application.launch(RecordingAppDelegate(log: log))
    }

    /// The process dies: nothing more is called, the windows go.
    func kill() {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        observers.removeAll()
        for window in application.windows { window.isHidden = true }
    }

    /// The connected scene of session `label`.
    func scene(_ label: String) -> Scene? {
        application.connectedScenes.first { log.label($0.session) == label }
    }

    /// The open session `label`.
    func session(_ label: String) -> SceneSession? {
        application.openSessions.first { log.label($0) == label }
    }

    /// The delegate of session `label`'s scene.
    func delegate(_ label: String) -> RecordingSceneDelegate? {
        scene(label)?.delegate as? RecordingSceneDelegate
    }

    /// The labels of the open sessions, sorted.
    var openLabels: [String] { application.openSessions.map(log.label).sorted() }
}
