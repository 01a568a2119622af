import ControllerKit
import Foundation
import StateRestoration

// `navstate-test-helper launch-model PATH`: the app of Tests/ReliabilityTests/LaunchModelTests.
// One process is one launch of an app whose only screen is a navigation stack: a
// NavigationController "nav" holding LaunchModelScreens, each with its own identifier and one
// encoded value. It reads one command a line on standard input and answers each with one JSON
// line on standard output (`{"error": …}` when a command fails):
//
//   open                 opens the store with StoreConfiguration(probationPeriod: nil)  {"ok"}
//   restore              restores into a hidden window of this process's Application, shows it,
//                        and builds the first screen (home:0) when nothing was restored
//                        {"restored", "skipped": [{"id", "reason"}], "refusal", "warnings", "state"}
//                        With NAVSTATE_MODEL_TRAP=fatal|overflow in the environment, every
//                        screen traps in viewDidLoad during this restore (and only then).
//   push ID VALUE | pop | value VALUE | set STATE | empty | state
//                        navigates: a new top, the top popped, the top's value changed, a new
//                        stack ("id:value,id:value"), a root without restorationIdentifier
//                        {"state"}: the stack as "id:value,…", "" when no controller takes part
//   save                 store.save(application, registry:)          {"saved", "id", "refusal"}
//   autosave             store.startAutosave(interval: 1 hour), then waitUntilIdle()  (same)
//   flush                autosave.flush()                                               (same)
//   good                 store.launchSucceeded()                                       {"ok"}
//   close                stops autosave and releases the store                         {"ok"}
//   save-loop BASE       {"looping"}, then saves forever, the top's value BASE, BASE+1, …
//   restore-loop         {"looping"}, then restores forever, each time into a new hidden window
//   exit                 exit(0);   return: returns from main (no answer to either)
//   trap fatal|overflow  traps at once (no answer)

/// A screen of the model app: an identifier and one value.
final class LaunchModelScreen: ViewController {
    /// Set by `restore` when NAVSTATE_MODEL_TRAP arms a trap: every screen that loads its view
    /// traps, as an app whose restored screens crash would.
    static var armedTrap: String?

    var value = 0

    init(identifier: String, value: Int) {
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = identifier
        self.value = value
    }

    required init?(coder: Coder) { super.init(coder: coder) }

    override func viewDidLoad() {
        super.viewDidLoad()
        if let kind = Self.armedTrap { LaunchModelApp.trap(kind) }
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

/// One JSON answer line.
struct LaunchModelReply: Encodable {
    struct Skip: Encodable {
        var id: Int64
        var reason: String
    }

    var ok: Bool?
    var pid: Int32?
    var error: String?
    var state: String?
    var restored: Int64?
    var skipped: [Skip]?
    var refusal: String?
    var saved: Bool?
    var id: Int64?
    var looping: Bool?
    var warnings: [String]?
}

@MainActor
final class LaunchModelApp {
    let path: String
    let registry = RestorationRegistry()
    let application = Application()
    var window: Window?
    var store: RestorationStore?
    var autosave: Autosave?
    /// Set by `return`: the run loop stops and `launchModel` returns to main.
    var finished = false

    init(path: String) {
        self.path = path
        registry.register(LaunchModelScreen.self, as: "LaunchModelScreen")
    }

    /// Traps as a crashing app does: `fatalError`, or an arithmetic overflow.
    static func trap(_ kind: String) -> Never {
        if kind == "overflow" {
            // Not foldable at compile time: the process id is never negative.
            let one = getpid() >= 0 ? 1 : 0
            let overflowed = Int.max + one
            fatalError("unreachable: \(overflowed)")
        }
        fatalError("launch-model: the armed trap")
    }

    var navigation: NavigationController? {
        guard let navigation = window?.rootViewController as? NavigationController,
              navigation.restorationIdentifier != nil else { return nil }
        return navigation
    }

    /// The stack as the model writes it: "id:value,…"; "" when no controller takes part.
    var state: String {
        guard let navigation else { return "" }
        return navigation.viewControllers.map { controller in
            let value = (controller as? LaunchModelScreen)?.value.description ?? "?"
            return "\(controller.restorationIdentifier ?? "?"):\(value)"
        }.joined(separator: ",")
    }

    /// A fresh navigation root holding `state` ("id:value,…").
    func setStack(_ state: String) throws {
        let screens = try state.split(separator: ",").map { entry -> LaunchModelScreen in
            let parts = entry.split(separator: ":")
            guard parts.count == 2, let value = Int(parts[1]) else { throw Failure("bad state entry \(entry)") }
            return LaunchModelScreen(identifier: String(parts[0]), value: value)
        }
        guard let first = screens.first else { throw Failure("an empty stack") }
        let navigation = NavigationController(rootViewController: first)
        navigation.restorationIdentifier = "nav"
        navigation.setViewControllers(screens, animated: false)
        window?.rootViewController = navigation
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    func openStore() throws -> RestorationStore {
        guard let store else { throw Failure("the store is not open") }
        return store
    }

    func restore() throws -> LaunchModelReply {
        let store = try openStore()
        let window = Window(application: application)
        self.window = window
        LaunchModelScreen.armedTrap = ProcessInfo.processInfo.environment["NAVSTATE_MODEL_TRAP"]
        let report = try store.restore(into: window, registry: registry)
        LaunchModelScreen.armedTrap = nil
        if !report.didRestore { try setStack("home:0") }
        window.makeKeyAndVisible()
        return LaunchModelReply(state: state, restored: report.snapshotID,
                                skipped: report.skipped.map { .init(id: $0.snapshotID, reason: $0.reason) },
                                refusal: report.refusal, warnings: report.warnings.isEmpty ? nil : report.warnings)
    }

    /// A synchronous save (in `handle`, an async context, `save` would pick the async one).
    func saveNow() throws -> SaveReport {
        try openStore().save(application, registry: registry)
    }

    func saved(_ report: SaveReport) -> LaunchModelReply {
        LaunchModelReply(refusal: report.refusal, saved: report.didSave, id: report.didSave ? report.snapshotID : nil)
    }

    /// Runs one command; `nil` when it answers nothing.
    func handle(_ line: String) async throws -> LaunchModelReply? {
        let words = line.split(separator: " ").map(String.init)
        guard let command = words.first else { throw Failure("an empty command") }
        let argument = words.dropFirst().first
        switch command {
        case "open":
            store = try RestorationStore(path: path, configuration: StoreConfiguration(probationPeriod: nil))
            return LaunchModelReply(ok: true, pid: getpid())
        case "restore":
            return try restore()
        case "push":
            guard let navigation, let argument, let value = words.dropFirst(2).first.flatMap(Int.init) else {
                throw Failure("push needs a stack, an identifier and a value")
            }
            navigation.pushViewController(LaunchModelScreen(identifier: argument, value: value), animated: false)
            return LaunchModelReply(state: state)
        case "pop":
            _ = navigation?.popViewController(animated: false)
            return LaunchModelReply(state: state)
        case "value":
            guard let top = navigation?.topViewController as? LaunchModelScreen, let value = argument.flatMap(Int.init) else {
                throw Failure("value needs a top screen and a number")
            }
            top.value = value
            return LaunchModelReply(state: state)
        case "set":
            try setStack(argument ?? "")
            return LaunchModelReply(state: state)
        case "empty":
            window?.rootViewController = ViewController()
            return LaunchModelReply(state: state)
        case "state":
            return LaunchModelReply(state: state)
        case "save":
            return saved(try saveNow())
        case "autosave":
            let autosave = try openStore().startAutosave(application, registry: registry, interval: .seconds(3600))
            self.autosave = autosave
            await autosave.waitUntilIdle()
            switch autosave.lastResult {
            case .success(let report)?: return saved(report)
            case .failure(let error)?: throw error
            case nil: return LaunchModelReply(saved: false)
            }
        case "flush":
            guard let autosave else { throw Failure("autosave is not running") }
            return saved(try autosave.flush())
        case "good":
            try openStore().launchSucceeded()
            return LaunchModelReply(ok: true)
        case "close":
            autosave?.stop()
            autosave = nil
            store = nil
            return LaunchModelReply(ok: true)
        case "save-loop":
            let base = argument.flatMap(Int.init) ?? 0
            announce(Self.encode(LaunchModelReply(looping: true)))
            var iteration = 0
            while true {
                (navigation?.topViewController as? LaunchModelScreen)?.value = base + iteration
                do {
                    _ = try saveNow()
                    iteration += 1
                } catch {
                    // Busy: the same value again.
                    guard case StoreError.database(let database) = error, database.isBusy else { throw error }
                }
            }
        case "restore-loop":
            let store = try openStore()
            announce(Self.encode(LaunchModelReply(looping: true)))
            while true {
                _ = try store.restore(into: Window(application: Application()), registry: registry)
            }
        case "exit":
            exit(0)
        case "return":
            finished = true
            return nil
        case "trap":
            Self.trap(argument ?? "fatal")
        default:
            throw Failure("unknown command \(command)")
        }
    }

    static func encode(_ reply: LaunchModelReply) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(reply)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"error":"unencodable reply"}"#
    }
}

/// Runs the model app until `return` (or `exit`, a trap, a kill, or the end of standard input):
/// commands are read on a thread of their own and run in order on the main actor, while this
/// function keeps the main run loop turning, so that autosave's tasks run too.
@MainActor
func launchModel(path: String) {
    let app = LaunchModelApp(path: path)
    let (lines, continuation) = AsyncStream.makeStream(of: String.self)
    Thread.detachNewThread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
    }
    Task { @MainActor in
        for await line in lines {
            do {
                if let reply = try await app.handle(line) { announce(LaunchModelApp.encode(reply)) }
            } catch {
                announce(LaunchModelApp.encode(LaunchModelReply(error: "\(error)")))
            }
            if app.finished { return }
        }
        // The test went away: end as a normal exit would.
        app.finished = true
    }
    announce(LaunchModelApp.encode(LaunchModelReply(ok: true, pid: getpid())))
    while !app.finished {
        _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
}
