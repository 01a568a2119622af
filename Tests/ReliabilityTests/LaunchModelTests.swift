import Foundation
import RestorationTesting
import Testing
import TestSupport

/// The launch model test: a seeded random sequence of steps against one store file, each carried
/// out by real processes of `navstate-test-helper launch-model` (LaunchModelApp.swift), driven one
/// command a line over their standard input. After every step the reference model
/// (Support/LaunchModel.swift) says what the file must show, and `navstate list --json`, run as
/// another process, says what it shows; every restore must also pick the snapshot the model
/// picks, and pass over the ones it passes over.
///
/// `NAVSTATE_MODEL_STEPS` (200) sets the length, `NAVSTATE_MODEL_SEED` the seed (always printed;
/// a failure prints it with the step log, and keeps the file), `NAVSTATE_MODEL_EXCLUDE=kill,trap,…`
/// leaves kinds of step out, `NAVSTATE_MODEL_VERBOSE=1` prints the step log of a run that passes. A replay repeats every choice the test makes; the moment a SIGKILL lands is the
/// system's, and the model resolves it by observing the file (rule 9).
@Suite(.serialized) struct LaunchModelTests {
    @Test func launchesSavesRestoresAndDeathsFollowTheModel() throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["NAVSTATE_MODEL_STEPS"].flatMap(Int.init) ?? 200
        let seed = environment["NAVSTATE_MODEL_SEED"].flatMap(UInt64.init) ?? LaunchModelRun.defaultSeed
        let excluded = Set((environment["NAVSTATE_MODEL_EXCLUDE"] ?? "").split(separator: ",").map(String.init))
        let replay = "NAVSTATE_MODEL_SEED=\(seed) NAVSTATE_MODEL_STEPS=\(steps) swift test --filter LaunchModel"
        print("launch model: seed \(seed), \(steps) steps (replay: \(replay))")
        let run = try LaunchModelRun(seed: seed, excluded: excluded)
        if steps >= 200, excluded.isEmpty { run.quarantineTail = (steps - 19)...steps }
        guard drive(run, named: "launch model", seed: seed, steps: steps, replay: replay) else { return }
        print("launch model: outcomes resolved from the file: "
              + run.outcomes.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: "; "))
        print("launch model: seen: " + run.seen.sorted().joined(separator: ", "))
        if steps >= 200, excluded.isEmpty {
            // A run this long that never reached these proves little.
            for needed in ["crash-marked", "pending strike", "quarantined", "on probation", "skipped at restore"] {
                #expect(run.seen.contains(needed), "seed \(seed): no step reached \(needed)")
            }
        }
    }
}

extension LaunchModelTests {
    /// The scene run: a seeded random sequence of scene steps (connect, navigate, background,
    /// foreground, disconnect, reconnect, discard, kill, a normal exit, and launches whose restore
    /// of one session traps) against one store file, carried out by processes of
    /// `navstate-test-helper scene-model` (SceneModelApp.swift). After every step the child's
    /// open sessions, their stacks and activities must be the model's (Support/SceneLaunchModel.swift),
    /// every restore must pass over the snapshots the model passes over, one session's crash
    /// loop quarantining only that session's state, and the file's sessions, activities and
    /// snapshot marks, read by a SnapshotInspector, must be the model's.
    ///
    /// `NAVSTATE_SCENE_MODEL_STEPS` (300) sets the length, `NAVSTATE_SCENE_MODEL_SEED` the seed.
    @Test func sceneLaunchesFollowTheModel() throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["NAVSTATE_SCENE_MODEL_STEPS"].flatMap(Int.init) ?? 300
        let seed = environment["NAVSTATE_SCENE_MODEL_SEED"].flatMap(UInt64.init) ?? SceneLaunchModelRun.defaultSeed
        let replay = "NAVSTATE_SCENE_MODEL_SEED=\(seed) NAVSTATE_SCENE_MODEL_STEPS=\(steps) swift test --filter LaunchModel"
        print("scene launch model: seed \(seed), \(steps) steps (replay: \(replay))")
        let run = try SceneLaunchModelRun(seed: seed)
        guard drive(run, named: "scene launch model", seed: seed, steps: steps, replay: replay) else { return }
        print("scene launch model: seen: " + run.seen.sorted().joined(separator: ", "))
        if steps >= 300 {
            for needed in ["crash loop", "skipped crash-marked", "quarantined", "one session quarantined, another restored",
                           "reconnect", "discard"] {
                #expect(run.seen.contains(needed), "seed \(seed): no step reached \(needed)")
            }
        }
    }
}

/// Runs `steps` steps of `run`, then prints what the run did; on the first step whose observation
/// differs from the model, records an issue with the seed, the replay command and the step log,
/// keeps the run's files and returns `false`.
private func drive(_ run: some SteppedModelRun, named name: String, seed: UInt64, steps: Int, replay: String) -> Bool {
    var failed = false
    defer { run.finish(keepingFiles: failed) }
    let started = ContinuousClock.now
    for index in 1...max(steps, 1) {
        do {
            try run.step(index)
        } catch {
            let mismatch = (error as? LaunchModelMismatch)?.message ?? "the step threw \(error)"
            Issue.record("""
                \(name): step \(index) of seed \(seed) failed (replay: \(replay)):
                \(mismatch)
                the file and the children's standard error are kept in \(run.directory.path)
                step log:
                \(run.log.joined(separator: "\n"))
                """)
            failed = true
            return false
        }
    }
    if ProcessInfo.processInfo.environment["NAVSTATE_MODEL_VERBOSE"] == "1" { print(run.log.joined(separator: "\n")) }
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print("\(name): \(steps) steps in \(String(format: "%.1f", seconds)) s, \(run.processCount) processes; steps: "
          + run.counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
    return true
}

/// What ``drive(_:named:seed:steps:replay:)`` needs of a model run: its steps, what they logged
/// and counted, and its files.
protocol SteppedModelRun: AnyObject {
    var log: [String] { get }
    var counts: [String: Int] { get }
    var directory: URL { get }
    var processCount: Int { get }
    func step(_ index: Int) throws
    func finish(keepingFiles: Bool)
}

extension LaunchModelRun: SteppedModelRun {
    var processCount: Int { model.processCount }
}

extension SceneLaunchModelRun: SteppedModelRun {
    var processCount: Int { model.processCount }
}

/// A step's observation differs from the model.
struct LaunchModelMismatch: Error {
    var message: String
}

/// One sequence of steps: the model, the living children, the log.
final class LaunchModelRun {
    static let defaultSeed: UInt64 = 20_261_127

    enum Kind: String, CaseIterable {
        case launch, launchTrap = "launch-trap", restoreKill = "restore-kill"
        case push, pop, value, back
        case save, saveKill = "save-kill", emptySave = "empty-save", saveLoopKill = "save-loop-kill"
        case autosave, autosaveKill = "autosave-kill", flush, flushKill = "flush-kill"
        case good, close, exit, kill, trap, read

        var weight: Int {
            switch self {
            case .launch: 10
            case .launchTrap: 2
            case .restoreKill: 3
            case .push, .value: 7
            case .pop: 4
            case .back: 5
            case .save: 9
            case .saveKill, .emptySave, .saveLoopKill: 2
            case .autosave: 3
            case .autosaveKill, .flushKill, .close, .trap: 1
            case .flush: 7
            case .good, .exit, .kill: 3
            case .read: 2
            }
        }

        var startsAProcess: Bool { self == .launch || self == .launchTrap || self == .restoreKill }
    }

    let seed: UInt64
    let excluded: Set<String>
    var random: SeededRandomNumberGenerator
    var model = LaunchModel()
    /// The living children, by process number.
    var children: [Int: LaunchModelChild] = [:]
    var log: [String] = []
    var counts: [String: Int] = [:]
    var outcomes: [String: Int] = [:]
    /// The outcomes a killed process's orphaned commit would lead to, and the file's bytes then.
    var orphan: (outcomes: [(name: String, model: LaunchModel)], bytes: Data)?
    /// What the file has shown at least once, for the coverage check.
    var seen: Set<String> = []
    /// Steps that, while no quarantine has been seen, launch and kill on probation instead of
    /// drawing a step: a SIGKILL's moment decides which paths the random steps take, so a run
    /// could miss the two deaths on probation a quarantine needs.
    var quarantineTail: ClosedRange<Int>?
    let directory: URL
    let path: String
    let helper: String
    let cli: String
    var nextNumber = 1

    init(seed: UInt64, excluded: Set<String>) throws {
        self.seed = seed
        self.excluded = excluded
        random = SeededRandomNumberGenerator(seed: seed)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("launch-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("state.sqlite").path
        helper = PackageRoot.builtProduct("navstate-test-helper").path
        cli = PackageRoot.builtProduct("navstate").path
        // A write to a child that died unexpectedly must fail, not end the test process.
        signal(SIGPIPE, SIG_IGN)
    }

    func finish(keepingFiles: Bool) {
        for child in children.values { child.kill() }
        children = [:]
        if !keepingFiles { try? FileManager.default.removeItem(at: directory) }
    }

    // MARK: - Steps

    func step(_ index: Int) throws {
        // Every step draws the same number of values, so a replay stays in step with its seed
        // even where a SIGKILL's moment made the outcomes differ.
        let rolls = (0..<5).map { _ in random.next() }
        let living = children.keys.sorted()
        var target = living.isEmpty ? nil : living[Int(rolls[1] % UInt64(living.count))]
        let kind: Kind
        if quarantineTail?.contains(index) == true, !seen.contains("quarantined") {
            // Kill each living child, then launch again. A restore records a quarantine only when
            // it restores another snapshot instead, so a file with fewer than two gets a save first.
            target = living.first
            kind = target.map { number in
                guard model.snapshots.count < 2, let process = model.processes[number], process.storeOpen,
                      !process.state.isEmpty else { return .kill }
                return .save
            } ?? .launch
        } else {
            let kinds = Kind.allCases.filter { !excluded.contains($0.rawValue) && eligible($0, target) }
            guard !kinds.isEmpty else { throw LaunchModelMismatch(message: "no step can run (NAVSTATE_MODEL_EXCLUDE leaves none)") }
            var pick = Int(rolls[0] % UInt64(kinds.map(\.weight).reduce(0, +)))
            kind = kinds.first { kind in
                pick -= kind.weight
                return pick < 0
            } ?? kinds[0]
        }
        counts[kind.rawValue, default: 0] += 1
        let prefix = "\(index). \(kind.startsAProcess ? "P\(model.processCount + 1)" : target.map { "P\($0)" } ?? "--") \(kind.rawValue)"
        log.append(prefix)
        var note = try run(kind, target: target, rolls: rolls)
        log[log.count - 1] = "\(prefix): \(note)"
        // What the file shows now, read by another process while the children live.
        let observed = try observe()
        if let orphan, try fileBytes() != orphan.bytes {
            // A write since the kill went where the orphaned frames were: they are gone.
            self.orphan = nil
        } else if let orphan, openConnections == 0 {
            // No connection is open, so the listing's own connection just recovered the
            // write-ahead log: the orphaned transaction shows now, or never.
            self.orphan = nil
            let candidates = [("no orphaned write", model)] + orphan.outcomes.map { outcome in
                var revealed = model
                revealed.snapshots = outcome.model.snapshots
                return ("orphaned write recovered: \(outcome.name)", revealed)
            }
            note += "; " + (try resolve(candidates, observed: observed))
        }
        guard observed == model.listing else {
            throw mismatch("after \(kind.rawValue): the file shows\n\(Self.describe(observed))\nbut the model expects\n\(Self.describe(model.listing))")
        }
        for listing in observed {
            if listing.crashMarked { seen.insert("crash-marked") }
            if listing.onProbation { seen.insert("on probation") }
            if listing.quarantined { seen.insert("quarantined") }
        }
        if model.snapshots.contains(where: model.hasPendingStrike) { seen.insert("pending strike") }
        log[log.count - 1] = "\(prefix): \(note) → \(Self.describe(observed, compact: true))"
    }

    func eligible(_ kind: Kind, _ target: Int?) -> Bool {
        if kind == .read { return !children.isEmpty }
        if kind.startsAProcess { return children.count < 3 && !model.nextRestoreTakesOverALivingProbation }
        guard let target, let process = model.processes[target] else { return false }
        switch kind {
        case .exit, .kill, .trap: return true
        case .push, .value: return process.storeOpen && !process.state.isEmpty
        case .pop: return process.storeOpen && process.state.count > 1
        case .back, .save, .saveKill, .emptySave, .good, .close: return process.storeOpen
        case .saveLoopKill: return process.storeOpen && !process.state.isEmpty
        case .autosave, .autosaveKill: return process.storeOpen && !process.autosaveRunning
        case .flush, .flushKill: return process.storeOpen && process.autosaveRunning
        case .launch, .launchTrap, .restoreKill, .read: return false
        }
    }

    /// Carries out one step and brings the model along; returns a note for the log.
    func run(_ kind: Kind, target: Int?, rolls: [UInt64]) throws -> String {
        let number = target ?? 0
        // A random moment for a SIGKILL, in microseconds below `limit`.
        func delay(_ limit: UInt64) -> UInt32 { UInt32(rolls[3] % limit) }
        switch kind {
        case .launch, .launchTrap:
            return try launch(trap: kind == .launchTrap ? (rolls[2] % 2 == 0 ? "fatal" : "overflow") : nil)
        case .restoreKill:
            // Resolved by observation: killed at a random moment of a loop of restores.
            let (number, child) = try start()
            try expectLooping(child.ask("restore-loop"))
            usleep(delay(6_000))
            try expectKilled(child, number)
            return "killed mid-restore: " + (try resolve(model.restoreDeathOutcomes(of: number, trapped: false)))
        case .push:
            let screen = LaunchModel.Screen(id: "s\(takeNumber())", value: takeNumber())
            return try navigate(number, "push \(screen.id) \(screen.value)") { $0.append(screen) }
        case .pop:
            return try navigate(number, "pop") { $0.removeLast() }
        case .value:
            let value = takeNumber()
            return try navigate(number, "value \(value)") { $0[$0.count - 1].value = value }
        case .back:
            let state = model.processes[number]?.restored ?? LaunchModel.firstScreen
            return try navigate(number, "set \(LaunchModel.describe(state))") { $0 = state }
        case .save:
            return try save(number)
        case .emptySave:
            _ = try navigate(number, "empty") { $0 = [] }
            return "emptied, " + (try save(number))
        case .saveKill, .autosaveKill, .flushKill:
            // Resolved by observation: the write committed before the kill or not.
            let command = kind == .saveKill ? "save" : kind == .autosaveKill ? "autosave" : "flush"
            try child(number).send(command)
            usleep(delay(3_000))
            try expectKilled(child(number), number)
            let outcomes = model.saveDeathOutcomes(of: number, autosaveStart: kind == .autosaveKill, flush: kind == .flushKill)
            return "killed during \(command): " + (try resolve(outcomes))
        case .saveLoopKill:
            // Resolved by observation: how many saves of the loop committed, from the newest id.
            let base = takeNumber(reserving: 100_000)
            try expectLooping(child(number).ask("save-loop \(base)"))
            usleep(delay(15_000))
            try expectKilled(child(number), number)
            let newest = try observe().map(\.id).max() ?? 0
            let count = max(newest - (model.snapshots.last?.id ?? 0), 0)
            let candidates = [count, count + 1].map { count in
                ("killed after \(count == 0 ? "no save" : count == 1 ? "one save" : "several saves") of the loop",
                 model.saveLoopOutcome(of: number, base: base, count: count))
            }
            return try resolve(candidates)
        case .autosave:
            let reply = try child(number).ask("autosave")
            let expected = model.startAutosave(by: number)
            try expectSaved(reply, expected, "autosave's first capture")
            return expected.map { "autosave wrote #\($0)" } ?? "autosave wrote nothing"
        case .flush:
            let mustWrite = model.flushMustWrite(by: number)
            let before = try fileBytes()
            let reply = try child(number).ask("flush")
            let wrote = mustWrite || reply["saved"] as? Bool == true
            let expected = model.flush(by: number, writes: wrote)
            try expectSaved(reply, expected, "the flush")
            if expected == nil { try expectUnchanged(before, "a flush that wrote nothing") }
            return expected.map { "flush wrote #\($0)\(mustWrite ? "" : " (the same state, autosave's choice)")" } ?? "flush wrote nothing"
        case .good:
            try expectOK(child(number).ask("good"))
            model.launchSucceeded(number)
            return "launchSucceeded()"
        case .close:
            try expectOK(child(number).ask("close"))
            model.close(number)
            return "store released"
        case .exit:
            let command = rolls[2] % 2 == 0 ? "exit" : "return"
            let child = try self.child(number)
            try child.send(command)
            try expectEnd(child, number, "\(command) from main")
            guard case .exited(0)? = child.termination else {
                throw mismatch("P\(number) should have exited with 0 after \(command), but \(child.termination.map(String.init(describing:)) ?? "?")")
            }
            model.end(number, normally: true)
            return command == "exit" ? "exit(0)" : "returned from main"
        case .kill:
            try expectKilled(child(number), number)
            model.end(number, normally: false)
            return "SIGKILL while idle"
        case .trap:
            let how = rolls[2] % 2 == 0 ? "fatal" : "overflow"
            let child = try self.child(number)
            try child.send("trap \(how)")
            try expectEnd(child, number, "a trap")
            guard case .signaled? = child.termination else { throw mismatch("P\(number) should have trapped, but \(child.termination.map(String.init(describing:)) ?? "?")") }
            model.end(number, normally: false)
            return "trapped (\(how))"
        case .read:
            // A second process reads while the children live: nothing changes.
            let before = try fileBytes()
            let first = try observe()
            try expectUnchanged(before, "navstate list")
            return "navstate list read \(first.count) snapshots, the file unchanged"
        }
    }

    func takeNumber(reserving count: Int = 1) -> Int {
        defer { nextNumber += count }
        return nextNumber
    }

    /// A new child with the store open.
    func start(trap: String? = nil) throws -> (Int, LaunchModelChild) {
        let number = model.launch()
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["NAVSTATE_MODEL_TRAP"] = trap
        let child = try LaunchModelChild(helper, ["launch-model", path], environment: environment,
                                         errorPath: directory.appendingPathComponent("P\(number).stderr").path, input: true)
        children[number] = child
        try expectOK(child.reply(), "P\(number) starting")
        try expectOK(child.ask("open"), "P\(number) opening the store")
        model.open(number)
        return (number, child)
    }

    /// Launch-and-restore: a new process restores into a hidden window and shows it. With `trap`,
    /// the restored screens trap in viewDidLoad, and the process dies mid-restore with the crash
    /// mark written (resolved by observation only as to whether the strikes were folded first).
    func launch(trap: String?) throws -> String {
        let (number, child) = try start(trap: trap)
        let choice = model.restoreChoice()
        if !choice.skipped.isEmpty { seen.insert("skipped at restore") }
        let before = try fileBytes()
        if let trap, choice.chosen != nil {
            try child.send("restore")
            try expectEnd(child, number, "a trap in viewDidLoad")
            guard case .signaled? = child.termination else { throw mismatch("P\(number) should have trapped restoring, but \(child.termination.map(String.init(describing:)) ?? "?")") }
            return "trapped (\(trap)) restoring #\(choice.chosen ?? 0): " + (try resolve(model.restoreDeathOutcomes(of: number, trapped: true)))
        }
        let reply = try child.ask("restore")
        let restored = (reply["restored"] as? NSNumber)?.intValue
        let skips = (reply["skipped"] as? [[String: Any]]) ?? []
        var skipped: [Int] = []
        for skip in skips {
            guard let id = (skip["id"] as? NSNumber)?.intValue else { continue }
            if skipped.last != id { skipped.append(id) }
        }
        guard restored == choice.chosen, skipped == choice.skipped else {
            throw mismatch("P\(number)'s restore picked \(restored.map { "#\($0)" } ?? "nothing") passing over \(skipped), "
                           + "the model picks \(choice.chosen.map { "#\($0)" } ?? "nothing") passing over \(choice.skipped); report: \(reply)")
        }
        for id in choice.quarantined {
            let reasons = skips.filter { ($0["id"] as? NSNumber)?.intValue == id }.compactMap { $0["reason"] as? String }
            guard reasons.contains(where: { $0.contains("twice") }) else {
                throw mismatch("P\(number)'s restore passed over #\(id) for its strikes, but the reason does not say \"twice\": \(reasons)")
            }
        }
        if let refusal = reply["refusal"] as? String { throw mismatch("P\(number)'s restore was refused: \(refusal)") }
        model.restore(by: number)
        try expectState(reply, number, "the restore")
        if choice.chosen == nil { try expectUnchanged(before, "a restore that restored nothing") }
        let passed = choice.skipped.isEmpty ? "" : " passing over \(choice.skipped.map { "#\($0)" }.joined(separator: ", "))"
        let trapNote = trap == nil ? "" : " (trap armed, nothing to restore)"
        let warnings = (reply["warnings"] as? [String]).map { " (warnings: \($0.joined(separator: "; ")))" } ?? ""
        return (choice.chosen.map { "restored #\($0)" } ?? "restored nothing") + passed + trapNote + warnings
    }

    func navigate(_ number: Int, _ command: String, _ change: (inout LaunchModel.State) -> Void) throws -> String {
        let reply = try child(number).ask(command)
        if var state = model.processes[number]?.state {
            change(&state)
            model.processes[number]?.state = state
        }
        try expectState(reply, number, command)
        return "\(command.split(separator: " ").first ?? "") → \(LaunchModel.describe(model.processes[number]?.state ?? []))"
    }

    func save(_ number: Int) throws -> String {
        let before = try fileBytes()
        let reply = try child(number).ask("save")
        let expected = model.save(by: number)
        try expectSaved(reply, expected, "the save")
        if expected == nil { try expectUnchanged(before, "a save with no controller taking part") }
        return expected.map { "saved #\($0)" } ?? "saved nothing"
    }

    // MARK: - Observing

    func child(_ number: Int) throws -> LaunchModelChild {
        guard let child = children[number] else { throw mismatch("P\(number) is not running") }
        return child
    }

    /// `navstate list --json`, in a process of its own.
    func observe() throws -> [LaunchModel.Listing] {
        // Until a child first opens the store there is no file, and nothing to list.
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let list = try LaunchModelChild(cli, ["list", path, "--json"], environment: environment,
                                        errorPath: directory.appendingPathComponent("navstate.stderr").path, input: false)
        let output = list.readAll()
        list.wait()
        guard case .exited(0)? = list.termination,
              let json = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
              let snapshots = json["snapshots"] as? [[String: Any]] else {
            throw mismatch("navstate list --json failed (\(list.termination.map(String.init(describing:)) ?? "?")): \(output.prefix(2_000))")
        }
        return snapshots.map { snapshot in
            func integer(_ key: String) -> Int { (snapshot[key] as? NSNumber)?.intValue ?? -1 }
            func flag(_ key: String) -> Bool { (snapshot[key] as? NSNumber)?.boolValue ?? false }
            return LaunchModel.Listing(id: integer("id"), controllers: integer("controllers"), crashMarked: flag("crash_marked"),
                                       onProbation: flag("on_probation"), strikes: integer("strikes"), quarantined: flag("quarantined"))
        }
    }

    /// Picks the outcome the file shows among those the model allows, listed in the order a
    /// process gets through them.
    ///
    /// A process killed inside SQLite's commit, after writing the transaction's frames to the
    /// write-ahead log and before publishing them in the shared index, leaves a transaction that
    /// no open connection sees, and that the next connection to open after all have closed
    /// recovers, unless a write overwrote it first. While other connections stay open, the
    /// outcomes further along than the one the file shows are kept (`orphan`) for that moment.
    func resolve(_ candidates: [(name: String, model: LaunchModel)], observed: [LaunchModel.Listing]? = nil) throws -> String {
        let observed = try observed ?? observe()
        guard let index = candidates.firstIndex(where: { $0.model.listing == observed }) else {
            throw mismatch("the file shows\n\(Self.describe(observed))\nwhich is none of the outcomes the model allows:\n"
                           + candidates.map { "- \($0.name):\n\(Self.describe($0.model.listing))" }.joined(separator: "\n"))
        }
        let match = candidates[index]
        model = match.model
        outcomes[match.name, default: 0] += 1
        let further = candidates[(index + 1)...].filter { $0.model.listing != observed }
        if openConnections > 0, !further.isEmpty {
            orphan = (Array(further), try fileBytes())
        }
        return match.name
    }

    /// The children with the store open, each holding a connection.
    var openConnections: Int { children.keys.filter { model.processes[$0]?.storeOpen == true }.count }

    /// The database and its write-ahead log, byte for byte.
    func fileBytes() throws -> Data {
        let database = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        let log = (try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data()
        return database + Data("--wal--".utf8) + log
    }

    func expectUnchanged(_ before: Data, _ what: String) throws {
        guard try fileBytes() == before else { throw mismatch("\(what) changed the file's bytes (database or -wal)") }
    }

    func expectOK(_ reply: [String: Any], _ what: String = "the command") throws {
        guard reply["ok"] as? Bool == true else { throw mismatch("\(what): \(reply)") }
    }

    func expectLooping(_ reply: [String: Any]) throws {
        guard reply["looping"] as? Bool == true else { throw mismatch("the loop did not start: \(reply)") }
    }

    func expectState(_ reply: [String: Any], _ number: Int, _ what: String) throws {
        let expected = LaunchModel.describe(model.processes[number]?.state ?? [])
        guard reply["state"] as? String == expected else {
            throw mismatch("after \(what), P\(number) holds \(reply["state"] ?? reply), the model says \(expected.isEmpty ? "(empty)" : expected)")
        }
    }

    func expectSaved(_ reply: [String: Any], _ expected: Int?, _ what: String) throws {
        let saved = reply["saved"] as? Bool
        let id = (reply["id"] as? NSNumber)?.intValue
        guard saved == (expected != nil), id == expected else {
            throw mismatch("\(what) reported \(reply); the model expects \(expected.map { "snapshot #\($0)" } ?? "nothing written")")
        }
    }

    /// SIGKILL, reaped with waitpid.
    func expectKilled(_ child: LaunchModelChild, _ number: Int) throws {
        child.kill()
        children[number] = nil
        let rest = child.readAll()
        if rest.contains("\"error\"") { throw mismatch("P\(number) reported an error before it was killed: \(rest)") }
        guard case .signaled(SIGKILL)? = child.termination else {
            throw mismatch("P\(number) ended before the SIGKILL: \(child.termination.map(String.init(describing:)) ?? "?"); \(child.errorTail())")
        }
    }

    /// The child ends without answering.
    func expectEnd(_ child: LaunchModelChild, _ number: Int, _ what: String) throws {
        let rest = child.readAll()
        child.wait()
        children[number] = nil
        if !rest.isEmpty { throw mismatch("P\(number) answered before \(what): \(rest)") }
    }

    func mismatch(_ message: String) -> LaunchModelMismatch {
        let tails = children.keys.sorted().compactMap { number in
            children[number].map { "P\(number) stderr: \($0.errorTail())" }
        }
        return LaunchModelMismatch(message: ([message] + tails).joined(separator: "\n"))
    }

    static func describe(_ listing: [LaunchModel.Listing], compact: Bool = false) -> String {
        if listing.isEmpty { return compact ? "(no snapshots)" : "  (no snapshots)" }
        return compact ? listing.map(\.description).joined(separator: "; ") : listing.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// A child process spawned with posix_spawn: its standard input and output are pipes the test
/// holds (close-on-exec, so no other child inherits them), its standard error a file; it is
/// reaped with waitpid.
final class LaunchModelChild {
    enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exited with \(status)"
            case .signaled(let signal): "ended by signal \(signal)"
            }
        }
    }

    let pid: pid_t
    private var input: Int32
    private var output: Int32
    private var buffer: [UInt8] = []
    let errorPath: String
    private(set) var termination: Termination?

    init(_ executable: String, _ arguments: [String], environment: [String: String], errorPath: String, input withInput: Bool) throws {
        self.errorPath = errorPath
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        guard pipe(&inputPipe) == 0, pipe(&outputPipe) == 0 else {
            throw LaunchModelMismatch(message: "pipe failed: \(errno)")
        }
        for descriptor in inputPipe + outputPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if withInput {
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        // Nothing else: a pipe another test is spawning a child with must not stay open in ours.
        // (glibc 2.34's posix_spawn_file_actions_addclosefrom_np, which Swift does not import.)
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(inputPipe[0])
        close(outputPipe[1])
        guard result == 0 else {
            close(inputPipe[1])
            close(outputPipe[0])
            throw LaunchModelMismatch(message: "could not start \(executable): error \(result)")
        }
        self.pid = pid
        if withInput {
            input = inputPipe[1]
        } else {
            close(inputPipe[1])
            input = -1
        }
        output = outputPipe[0]
    }

    deinit {
        if termination == nil { kill() }
        if input >= 0 { close(input) }
        if output >= 0 { close(output) }
    }

    func send(_ line: String) throws {
        let bytes = Array((line + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw LaunchModelMismatch(message: "could not write \"\(line)\" to the child: \(errno)") }
    }

    /// The next line, or `nil` at the end of the output. A child that says nothing for a minute
    /// is taken for hung: a safety net, not a way of waiting.
    func nextLine() throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 60_000)
            if ready == 0 { throw LaunchModelMismatch(message: "the child (pid \(pid)) said nothing for 60 s; \(errorTail())") }
            if ready < 0 {
                if errno == EINTR { continue }
                throw LaunchModelMismatch(message: "poll failed: \(errno)")
            }
            var chunk = [UInt8](repeating: 0, count: 4_096)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                if buffer.isEmpty { return nil }
                defer { buffer = [] }
                return String(decoding: buffer, as: UTF8.self)
            }
            buffer += chunk[..<count]
        }
    }

    /// The next answer, as a JSON object.
    func reply() throws -> [String: Any] {
        guard let line = try nextLine() else {
            wait()
            throw LaunchModelMismatch(message: "the child (pid \(pid)) ended without answering: "
                                      + "\(termination.map(String.init(describing:)) ?? "?"); \(errorTail())")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw LaunchModelMismatch(message: "the child answered \"\(line)\", not a JSON object")
        }
        if let error = object["error"] { throw LaunchModelMismatch(message: "the child reported an error: \(error)") }
        return object
    }

    func ask(_ command: String) throws -> [String: Any] {
        try send(command)
        return try reply()
    }

    /// Everything left on its standard output, to the end.
    func readAll() -> String {
        var lines: [String] = []
        while let line = try? nextLine() { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    func kill() {
        if termination == nil { _ = Foundation.kill(pid, SIGKILL) }
        wait()
    }

    /// Reaps the child.
    func wait() {
        guard termination == nil else { return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                termination = .exited(-1)
                return
            }
        }
        let signal = status & 0x7F
        termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    /// The end of what it wrote to standard error.
    func errorTail() -> String {
        let text = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        let tail = text.split(separator: "\n").suffix(8).joined(separator: "\n")
        return tail.isEmpty ? "(nothing on stderr)" : tail
    }
}
