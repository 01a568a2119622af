import ControllerKit
import Foundation
import RestorationTesting
import StateRestoration
import TestSupport

/// One seeded sequence of scene steps: the model (SceneLaunchModel), the running child of
/// `navstate-test-helper scene-model` (SceneModelApp.swift), the log.
final class SceneLaunchModelRun {
    static let defaultSeed: UInt64 = 20_261_128

    enum Kind: String, CaseIterable {
        case push, pop, value, background, foreground, connect, disconnect, reconnect, discard, kill, exit

        var weight: Int {
            switch self {
            case .push, .value: 6
            case .background: 8
            case .pop, .foreground, .reconnect, .kill: 3
            case .connect, .disconnect: 2
            case .discard, .exit: 1
            }
        }
    }

    var random: SeededRandomNumberGenerator
    var model = SceneLaunchModel()
    var child: LaunchModelChild?
    var log: [String] = []
    var counts: [String: Int] = [:]
    /// What the run reached at least once, for the coverage check.
    var seen: Set<String> = []
    let directory: URL
    let path: String
    let helper: String
    /// How many sessions were ever made: the next one's label.
    var labelCount = 1
    var screenCount = 0

    init(seed: UInt64) throws {
        random = SeededRandomNumberGenerator(seed: seed)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("scene-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("state.sqlite").path
        helper = PackageRoot.builtProduct("navstate-test-helper").path
        signal(SIGPIPE, SIG_IGN)
    }

    func finish(keepingFiles: Bool) {
        child?.kill()
        if !keepingFiles { try? FileManager.default.removeItem(at: directory) }
    }

    func mismatch(_ message: String) -> LaunchModelMismatch {
        LaunchModelMismatch(message: message + "\nmodel: " + model.open.map(\.description).joined(separator: "; "))
    }

    func roll(_ upper: Int) -> Int { Int(random.next() % UInt64(max(upper, 1))) }
    func pick<T>(_ values: [T]) -> T? { values.isEmpty ? nil : values[roll(values.count)] }

    func step(_ index: Int) throws {
        let line: String
        if child == nil {
            line = try launch()
        } else {
            line = try stepInProcess()
        }
        log.append("\(index). \(line)")
        try compareFile()
    }

    // MARK: - Launches

    /// A new process launches: with a quarter's chance, one saved session's restore traps.
    func launch() throws -> String {
        let trap = roll(4) == 0 ? pick(model.saved.map(\.label)) : nil
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["NAVSTATE_SCENE_TRAP"] = trap
        let number = model.processCount + 1
        let started = try LaunchModelChild(helper, ["scene-model", path], environment: environment,
                                           errorPath: directory.appendingPathComponent("P\(number).stderr").path, input: true)
        child = started
        _ = try started.reply()
        let (restores, trapped) = model.launch(trap: trap)
        let expected = restores.map(\.description).joined(separator: "; ")
        counts[trapped ? "launch-trap" : "launch", default: 0] += 1
        if trapped {
            try started.send("launch")
            started.wait()
            child = nil
            guard case .signaled? = started.termination else {
                throw mismatch("P\(number) should have trapped restoring \(trap ?? "?"), but \(started.termination.map(String.init(describing:)) ?? "?")")
            }
            seen.insert("crash loop")
            return "P\(number) launches, trapping in \(trap ?? "?"): \(expected)"
        }
        let reply = try started.ask("launch")
        try compare(reply, restores: restores)
        return "P\(number) launches: \(expected.isEmpty ? "a new session" : expected)"
    }

    // MARK: - Steps in the running process

    func stepInProcess() throws -> String {
        let connected = model.open.filter(\.connected)
        let foreground = connected.filter(\.foreground)
        var kinds: [Kind] = [.kill, .exit]
        if !foreground.isEmpty { kinds += [.push, .value, .background] }
        if foreground.contains(where: { $0.state.contains(",") }) { kinds.append(.pop) }
        if connected.contains(where: { !$0.foreground }) { kinds.append(.foreground) }
        if connected.count < 3 { kinds.append(.connect) }
        if !connected.isEmpty { kinds.append(.disconnect) }
        if model.open.contains(where: { !$0.connected }) { kinds.append(.reconnect) }
        if !model.open.isEmpty { kinds.append(.discard) }
        var ticket = roll(kinds.map(\.weight).reduce(0, +))
        var kind = Kind.kill
        for candidate in kinds {
            if ticket < candidate.weight { kind = candidate; break }
            ticket -= candidate.weight
        }
        counts[kind.rawValue, default: 0] += 1
        guard let child else { return "no process" }
        switch kind {
        case .kill:
            child.kill()
            self.child = nil
            model.kill()
            return "killed"
        case .exit:
            try child.send("exit")
            child.wait()
            self.child = nil
            guard child.termination == .exited(0) else { throw mismatch("exit ended the child \(child.termination.map(String.init(describing:)) ?? "?")") }
            model.exit()
            return "exits"
        case .push, .value, .pop:
            guard let session = pick(foreground.filter { kind != .pop || $0.state.contains(",") }) else { return "nothing" }
            var state = session.state.split(separator: ",").map(String.init)
            let command: String
            switch kind {
            case .push:
                screenCount += 1
                let value = roll(100)
                command = "push \(session.label) s\(screenCount) \(value)"
                state.append("\(session.label).s\(screenCount):\(value)")
            case .value:
                let value = roll(100)
                command = "value \(session.label) \(value)"
                if let top = state.last?.split(separator: ":").first { state[state.count - 1] = "\(top):\(value)" }
            default:
                command = "pop \(session.label)"
                state.removeLast()
            }
            model.navigate(session.label, to: state.joined(separator: ","))
            try compare(try child.ask(command), restores: nil)
            return command
        case .background, .foreground, .disconnect, .reconnect, .discard:
            let candidates = switch kind {
            case .background: foreground
            case .foreground: connected.filter { !$0.foreground }
            case .disconnect: connected
            case .reconnect: model.open.filter { !$0.connected }
            default: model.open
            }
            guard let label = pick(candidates)?.label else { return "nothing" }
            var restores: [SceneLaunchModel.Restore]?
            switch kind {
            case .background: model.background(label)
            case .foreground: model.foreground(label)
            case .disconnect: model.disconnect(label)
            case .reconnect:
                restores = [model.reconnect(label)]
                seen.insert("reconnect")
            default:
                model.discard(label)
                seen.insert("discard")
            }
            try compare(try child.ask("\(kind.rawValue) \(label)"), restores: restores)
            return "\(kind.rawValue) \(label)" + (restores.map { ": " + $0.map(\.description).joined() } ?? "")
        case .connect:
            let label = Self.label(labelCount)
            labelCount += 1
            model.connect(label)
            try compare(try child.ask("connect \(label)"), restores: nil)
            return "connect \(label)"
        }
    }

    /// B, C, …, Z, then Z27, Z28, …: A is the launch's first new session.
    static func label(_ count: Int) -> String {
        count < 26 ? String(UnicodeScalar(UInt8(65 + count))) : "Z\(count + 1)"
    }

    // MARK: - Observations

    /// The child's open sessions against the model's; with `restores`, what those sessions'
    /// restores passed over too.
    func compare(_ reply: [String: Any], restores: [SceneLaunchModel.Restore]?) throws {
        let sessions = reply["sessions"] as? [[String: Any]] ?? []
        let shown = sessions.map { session in
            SceneLaunchModel.OpenSession(label: session["label"] as? String ?? "?", connected: session["connected"] as? Bool ?? false,
                                         state: session["state"] as? String ?? "", activity: (session["activity"] as? NSNumber)?.intValue)
        }
        let expected = model.open.map { open in
            SceneLaunchModel.OpenSession(label: open.label, connected: open.connected, state: open.connected ? open.state : "",
                                         activity: open.activity)
        }
        guard shown.map(\.description) == expected.map(\.description) else {
            throw mismatch("the child shows \(shown.map(\.description).joined(separator: "; "))")
        }
        for restore in restores ?? [] {
            guard let session = sessions.first(where: { $0["label"] as? String == restore.label }) else { continue }
            let report = session["restore"] as? [String: Any] ?? [:]
            let skipped = report["skipped"] as? [String] ?? []
            let struck = skipped.filter(Self.isStrikeReason).count
            guard skipped.count == restore.skippedCrashMarked + restore.skippedForStrikes, struck == restore.skippedForStrikes else {
                throw mismatch("\(restore.label)'s restore passed over \(skipped) (the model: \(restore))")
            }
            if restore.skippedCrashMarked > 0 { seen.insert("skipped crash-marked") }
            if restore.skippedForStrikes > 0 {
                seen.insert("quarantined")
                // Another session of the same launch restored its newest snapshot meanwhile.
                if restores?.contains(where: { $0.label != restore.label && $0.skippedCrashMarked + $0.skippedForStrikes == 0 && $0.state != nil }) == true {
                    seen.insert("one session quarantined, another restored")
                }
            }
        }
    }

    /// What the file holds, read by a read-only inspector in this process, against the model:
    /// the saved sessions in order with their activities, and each one's snapshots, oldest
    /// first, with their crash marks, probation and strikes.
    func compareFile() throws {
        guard FileManager.default.fileExists(atPath: path) else {
            guard model.saved.isEmpty else { throw mismatch("there is no file, but the model saved \(model.saved.map(\.label))") }
            return
        }
        let inspector: SnapshotInspector
        var shown: [String] = []
        do {
            inspector = try SnapshotInspector(path: path)
            for result in try inspector.sessions() {
                let session = try result.get()
                let label = session.record.userInfo?["label"].map { "\($0.anyValue)" } ?? "?"
                let activity = session.record.stateRestorationActivity?.userInfo?["value"].map { "\($0.anyValue)" } ?? "none"
                let snapshots = try inspector.snapshots(session: session.record.persistentIdentifier).reversed().map { summary in
                    Self.describe(crashMarked: summary.isCrashMarked, onProbation: summary.isOnProbation, strikes: summary.strikes)
                }
                shown.append("\(label) activity \(activity): \(snapshots.joined(separator: " "))")
            }
        } catch {
            throw mismatch("the file cannot be read: \(error)")
        }
        let expected = model.saved.map { session in
            "\(session.label) activity \(session.activity): " + session.snapshots.map { snapshot in
                Self.describe(crashMarked: snapshot.crashMarked, onProbation: snapshot.probationOwner != nil, strikes: snapshot.strikes)
            }.joined(separator: " ")
        }
        guard shown == expected else {
            throw mismatch("the file holds\n  \(shown.joined(separator: "\n  "))\nthe model\n  \(expected.joined(separator: "\n  "))")
        }
        if model.saved.contains(where: { $0.snapshots.contains { $0.probationOwner != nil } }) { seen.insert("on probation") }
    }

    /// One snapshot's marks: "ok", or "crash-marked", "probation", "N strikes" joined by "+".
    static func describe(crashMarked: Bool, onProbation: Bool, strikes: Int) -> String {
        var marks: [String] = []
        if crashMarked { marks.append("crash-marked") }
        if onProbation { marks.append("probation") }
        if strikes > 0 { marks.append("\(strikes)-strikes") }
        return marks.isEmpty ? "ok" : marks.joined(separator: "+")
    }

    /// Whether a restore's reason for passing over a snapshot is its strikes.
    static func isStrikeReason(_ reason: String) -> Bool { reason.contains("twice") || reason.contains("strike") || reason.contains("quarantin") }
}
