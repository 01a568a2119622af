import ControllerKit
import Foundation
import StateRestoration

// `navstate-test-helper scene-model PATH`: the scene app of LaunchModelTests' scene run. One
// process is one launch of a scene app whose scenes each show a navigation stack of
// SceneModelScreens; its state is kept by StatePreservation in the store at PATH, the app
// opting in to its controllers being kept too. Each session is named by a label the test gives
// it (kept in the session's userInfo); each screen's identifier starts with its session's
// label ("B.home"). Commands, one a line on standard input, each answered with one JSON line
// on standard output (`{"error": …}` when one fails):
//
//   launch               launches the app: every saved session reconnects, or one new session
//                        labelled A connects. With NAVSTATE_SCENE_TRAP=LABEL in the environment,
//                        every screen of that session that the launch restores traps in
//                        viewDidLoad.
//   connect LABEL        a new session (requestSceneSessionActivation) showing LABEL.home:0
//   push LABEL ID VALUE | pop LABEL | value LABEL VALUE
//                        navigates in the session's scene
//   background LABEL     the scene enters the background: its activity (the top screen's
//                        value) and its controllers are saved
//   foreground LABEL     the scene comes back to the foreground
//   disconnect LABEL     the system releases the scene (the background first); the session stays
//   reconnect LABEL      the session's scene connects again (requestSceneSessionActivation)
//   discard LABEL        the session is discarded (requestSceneSessionDestruction)
//   state                answers only
//   exit                 exit(0) (no answer)
//
// Every answer lists the open sessions in order (`{"sessions": [{"label", "connected", "state",
// "activity", "restore"}]}`): the stack as "id:value,…", the value of the session's
// stateRestorationActivity, and what the launch's restore of the session did.

/// A screen of the scene model app: an identifier and one value.
final class SceneModelScreen: ViewController {
    /// The label whose restored screens trap in viewDidLoad; set during `launch` only.
    static var armedTrapLabel: String?

    var value = 0
    /// Made by the restore, not by the app.
    private var madeByRestore = false

    init(identifier: String, value: Int) {
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = identifier
        self.value = value
    }

    required init?(coder: Coder) {
        super.init(coder: coder)
        madeByRestore = true
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        if madeByRestore, let label = Self.armedTrapLabel, restorationIdentifier?.hasPrefix(label + ".") == true {
            fatalError("scene-model: the armed trap of session \(label)")
        }
    }

    override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(value, forKey: "value")
    }

    override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        value = coder.decodeInteger(forKey: "value")
    }
}

/// The app's delegate: it opts in to its controllers being kept.
final class SceneModelAppDelegate: Responder, ApplicationDelegate {
    func application(_ application: Application, shouldSaveSecureApplicationState coder: Coder) -> Bool { true }
    func application(_ application: Application, shouldRestoreSecureApplicationState coder: Coder) -> Bool { true }
}

/// Each scene's delegate: a new session gets the label the app is waiting to give and a first
/// screen; a restored one finds its stack in the window.
final class SceneModelSceneDelegate: Responder, WindowSceneDelegate {
    var window: Window?
    private unowned let app: SceneModelApp

    init(app: SceneModelApp) { self.app = app }

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions) {
        guard let windowScene = scene as? WindowScene else { return }
        if session.userInfo?["label"] == nil { session.userInfo = ["label": app.nextLabel] }
        if !app.sessionsInOrder.contains(session) { app.sessionsInOrder.append(session) }
        if window == nil { window = Window(windowScene: windowScene) }
        if SceneModelApp.navigation(in: window) == nil {
            let navigation = NavigationController(rootViewController: SceneModelScreen(identifier: "\(SceneModelApp.label(session)).home", value: 0))
            navigation.restorationIdentifier = "nav"
            window?.rootViewController = navigation
        }
    }

    func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        let activity = UserActivity(activityType: "com.example.scene-model")
        let top = SceneModelApp.navigation(in: window)?.topViewController as? SceneModelScreen
        activity.addUserInfoEntries(from: ["value": top?.value ?? -1])
        return activity
    }
}

/// One JSON answer line.
struct SceneModelReply: Encodable {
    struct Restore: Encodable {
        var restored: Int64?
        var skipped: [String]
        var refusal: String?
    }

    struct Session: Encodable {
        var label: String
        var connected: Bool
        var state: String?
        var activity: Int?
        var restore: Restore?
    }

    var sessions: [Session]?
    var pid: Int32?
    var error: String?
}

@MainActor
final class SceneModelApp {
    let application = Application()
    let preservation: StatePreservation
    /// The label of the next new session.
    var nextLabel = "A"
    /// Every session that connected, in the order it first did (the application's own order
    /// is not public): at a launch, the saved sessions' order.
    var sessionsInOrder: [SceneSession] = []

    init(path: String) throws {
        let registry = RestorationRegistry()
        registry.register(SceneModelScreen.self, as: "SceneModelScreen")
        // Each session keeps its newest 3 snapshots, the store's default, pruned apart.
        preservation = try StatePreservation(path: path, registry: registry,
                                             configuration: StoreConfiguration(keepCount: 3, probationPeriod: nil))
        application.sceneStatePreservation = preservation
        application.sceneDelegateFactory = { [unowned self] _ in SceneModelSceneDelegate(app: self) }
    }

    static func label(_ session: SceneSession) -> String { session.userInfo?["label"] as? String ?? "?" }

    static func navigation(in window: Window?) -> NavigationController? {
        guard let navigation = window?.rootViewController as? NavigationController, navigation.restorationIdentifier != nil else { return nil }
        return navigation
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    func session(_ label: String?) throws -> SceneSession {
        guard let session = application.openSessions.first(where: { Self.label($0) == label }) else {
            throw Failure("no open session \(label ?? "(none)")")
        }
        return session
    }

    func navigation(_ label: String?) throws -> NavigationController {
        let delegate = try session(label).scene?.delegate as? SceneModelSceneDelegate
        guard let navigation = Self.navigation(in: delegate?.window) else { throw Failure("session \(label ?? "?") shows no stack") }
        return navigation
    }

    var reply: SceneModelReply {
        SceneModelReply(sessions: sessionsInOrder.filter(application.openSessions.contains).map { session in
            let label = Self.label(session)
            let navigation = Self.navigation(in: (session.scene?.delegate as? SceneModelSceneDelegate)?.window)
            let state = navigation?.viewControllers.map { controller in
                "\(controller.restorationIdentifier ?? "?"):\((controller as? SceneModelScreen)?.value.description ?? "?")"
            }.joined(separator: ",")
            let restore: SceneModelReply.Restore? = switch preservation.sessionRestores[session.persistentIdentifier] {
            case .success(let report)?: .init(restored: report.didRestore ? report.snapshotID : nil,
                                              skipped: report.skipped.map(\.reason), refusal: report.refusal)
            case .failure(let error)?: .init(restored: nil, skipped: [], refusal: "\(error)")
            case nil: nil
            }
            return .init(label: label, connected: session.scene != nil, state: session.scene == nil ? nil : state ?? "",
                         activity: session.stateRestorationActivity?.userInfo?["value"] as? Int, restore: restore)
        })
    }

    func handle(_ line: String) throws -> SceneModelReply {
        let words = line.split(separator: " ").map(String.init)
        guard let command = words.first else { throw Failure("an empty command") }
        let label = words.dropFirst().first
        let number = words.dropFirst(2).last.flatMap(Int.init)
        switch command {
        case "launch":
            SceneModelScreen.armedTrapLabel = ProcessInfo.processInfo.environment["NAVSTATE_SCENE_TRAP"]
            application.launch(SceneModelAppDelegate())
            SceneModelScreen.armedTrapLabel = nil
        case "connect":
            nextLabel = label ?? "?"
            var failure: (any Error)?
            application.requestSceneSessionActivation(nil, userActivity: nil, options: nil) { failure = $0 }
            if let failure { throw failure }
        case "push":
            guard let identifier = words.dropFirst(2).first, let number else { throw Failure("push needs a label, an identifier and a value") }
            try navigation(label).pushViewController(SceneModelScreen(identifier: "\(label ?? "?").\(identifier)", value: number), animated: false)
        case "pop":
            _ = try navigation(label).popViewController(animated: false)
        case "value":
            guard let number, let top = try navigation(label).topViewController as? SceneModelScreen else { throw Failure("value needs a label and a value") }
            top.value = number
        case "background":
            guard let scene = try session(label).scene else { throw Failure("session \(label ?? "?") is not connected") }
            application.enterBackground(scene)
        case "disconnect":
            guard let scene = try session(label).scene else { throw Failure("session \(label ?? "?") is not connected") }
            application.disconnect(scene)
        case "foreground", "reconnect":
            var failure: (any Error)?
            application.requestSceneSessionActivation(try session(label), userActivity: nil, options: nil) { failure = $0 }
            if let failure { throw failure }
        case "discard":
            var failure: (any Error)?
            application.requestSceneSessionDestruction(try session(label), options: nil) { failure = $0 }
            if let failure { throw failure }
        case "state":
            break
        case "exit":
            exit(0)
        default:
            throw Failure("unknown command \(command)")
        }
        return reply
    }

    static func encode(_ reply: SceneModelReply) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(reply)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"error":"unencodable reply"}"#
    }
}

/// Runs the scene model app until `exit`, a trap, a kill, or the end of standard input.
@MainActor
func sceneModel(path: String) {
    let app: SceneModelApp
    do {
        app = try SceneModelApp(path: path)
    } catch {
        announce(SceneModelApp.encode(SceneModelReply(error: "\(error)")))
        return
    }
    announce(SceneModelApp.encode(SceneModelReply(pid: getpid())))
    while let line = readLine() {
        do {
            announce(SceneModelApp.encode(try app.handle(line)))
        } catch {
            announce(SceneModelApp.encode(SceneModelReply(error: "\(error)")))
        }
    }
}
