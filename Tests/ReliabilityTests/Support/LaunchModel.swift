// The reference model of LaunchModelTests: what a store file must show after each step of a
// sequence of app launches, saves, restores and deaths. Plain Swift: it imports nothing, shares no
// code with StateRestoration, and holds snapshots as plain structs. The rules it encodes are the
// store's (docs/behaviour.md §3.3, §3.5 and §4.2), numbered here so the model's code can refer
// to them:
//
//  1. A save in which no controller takes part writes nothing. Otherwise a new snapshot with
//     id max+1, then the newest `keepCount` are kept.
//  2. A restore passes over crash-marked and quarantined snapshots, newest first (each in
//     `skipped`), and restores the first other one; else nothing.
//  3. A crash mark is set by a restore as it starts and cleared as it ends; it shows (and is
//     passed over) once its process is gone, for good.
//  4. A restore that ends puts its snapshot on probation, owned by the restoring process.
//  5. The launch counts as good (the process's probations end, their strikes go to 0) on
//     launchSucceeded(), a save of a state other than the restored one, closing or releasing the
//     store, and a normal exit.
//  6. A save on probation of the restored state is on probation too, with the restored strikes.
//  7. A process killed or trapping on probation: each of its probations has one more strike at
//     once (pending until a restore folds it into the file); a living process adds none.
//  8. At a restore, strikes (a pending one included) of 2 pass a snapshot over; a restore that
//     restores something folds the pending strikes into the file, setting `quarantined`; one that
//     restores nothing writes nothing.
//  9. A death part-way through a restore or a save leaves one of several outcomes: the model
//     lists them (`restoreDeathOutcomes`, `saveDeathOutcomes`) and the test picks the one the
//     file shows.

/// The store, its snapshots and the processes of one test run.
struct LaunchModel: Hashable {
    /// One screen of the app's navigation stack.
    struct Screen: Hashable, CustomStringConvertible {
        var id: String
        var value: Int
        var description: String { "\(id):\(value)" }
    }

    /// The app's navigation stack, bottom first; empty when no controller takes part (the root
    /// has no restorationIdentifier).
    typealias State = [Screen]

    /// "id:value,id:value", as the app writes it; "" for the empty state.
    static func describe(_ state: State) -> String { state.map(\.description).joined(separator: ",") }

    /// The state `text` describes, or `nil` when it is not one.
    static func state(_ text: String) -> State? {
        if text.isEmpty { return [] }
        var state: State = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = entry.split(separator: ":")
            guard parts.count == 2, let value = Int(parts[1]) else { return nil }
            state.append(Screen(id: String(parts[0]), value: value))
        }
        return state
    }

    /// A snapshot in the file.
    struct Snapshot: Hashable {
        var id: Int
        var state: State
        /// The process whose restore set the crash mark and has not cleared it.
        var markOwner: Int?
        /// The process whose probation the snapshot is on.
        var probationOwner: Int?
        /// The strikes in the file (a pending one is added when shown).
        var storedStrikes = 0
        /// Whether a restore has written the quarantine.
        var quarantined = false
    }

    /// A child process: one launch of the app.
    struct Process: Hashable {
        var number: Int
        var alive = true
        var storeOpen = false
        /// What its restore restored; `nil` before a restore and when it restored nothing.
        var restored: State?
        var restoredStrikes = 0
        /// On probation: it restored, and its launch has not counted as good yet.
        var onProbation = false
        /// Its hierarchy now.
        var state: State = []
        var autosaveRunning = false
        /// What autosave captured last.
        var lastCaptured: State?
    }

    /// One line of `navstate list --json`, as far as the model knows it.
    struct Listing: Hashable, CustomStringConvertible {
        var id: Int
        var controllers: Int
        var crashMarked: Bool
        var onProbation: Bool
        var strikes: Int
        var quarantined: Bool

        var description: String {
            var words = ["#\(id) \(controllers) controllers"]
            if crashMarked { words.append("crash-marked") }
            if onProbation { words.append("on probation") }
            if strikes > 0 { words.append("\(strikes) strike\(strikes == 1 ? "" : "s")") }
            if quarantined { words.append("quarantined") }
            return words.joined(separator: ", ")
        }
    }

    /// What a restore must do.
    struct RestoreChoice: Hashable {
        /// The snapshot it restores, or `nil`.
        var chosen: Int?
        /// Those it passes over first, newest first.
        var skipped: [Int]
        /// Of those, the ones passed over for their strikes (their reason says "twice").
        var quarantined: Set<Int>
    }

    static let keepCount = 3
    static let quarantineStrikes = 2
    /// The stack an app builds when nothing was restored.
    static let firstScreen: State = [Screen(id: "home", value: 0)]

    /// Oldest first.
    var snapshots: [Snapshot] = []
    var processes: [Int: Process] = [:]
    var processCount = 0

    // MARK: - What the file shows

    func isAlive(_ number: Int?) -> Bool { number.flatMap { processes[$0]?.alive } ?? false }
    func isCrashMarked(_ snapshot: Snapshot) -> Bool { snapshot.markOwner != nil && !isAlive(snapshot.markOwner) }
    func hasPendingStrike(_ snapshot: Snapshot) -> Bool { snapshot.probationOwner != nil && !isAlive(snapshot.probationOwner) }
    func isOnProbation(_ snapshot: Snapshot) -> Bool { isAlive(snapshot.probationOwner) }
    func strikes(_ snapshot: Snapshot) -> Int { snapshot.storedStrikes + (hasPendingStrike(snapshot) ? 1 : 0) }
    func isPassedOver(_ snapshot: Snapshot) -> Bool {
        isCrashMarked(snapshot) || snapshot.quarantined || strikes(snapshot) >= Self.quarantineStrikes
    }

    /// Newest first, as the CLI lists them.
    var listing: [Listing] {
        snapshots.reversed().map { snapshot in
            Listing(id: snapshot.id, controllers: snapshot.state.count + 1, crashMarked: isCrashMarked(snapshot),
                    onProbation: isOnProbation(snapshot), strikes: strikes(snapshot), quarantined: snapshot.quarantined)
        }
    }

    func snapshot(_ id: Int) -> Snapshot? { snapshots.first { $0.id == id } }

    /// The snapshot the next restore picks, and those it passes over.
    func restoreChoice() -> RestoreChoice {
        var skipped: [Int] = []
        var quarantined: Set<Int> = []
        for snapshot in snapshots.reversed() {
            guard isPassedOver(snapshot) else { return RestoreChoice(chosen: snapshot.id, skipped: skipped, quarantined: quarantined) }
            skipped.append(snapshot.id)
            if !isCrashMarked(snapshot) { quarantined.insert(snapshot.id) }
        }
        return RestoreChoice(chosen: nil, skipped: skipped, quarantined: quarantined)
    }

    /// Whether the next restore would pick a snapshot on the probation of a living process. The
    /// rules leave open who owns that probation afterwards, so the test never does it.
    var nextRestoreTakesOverALivingProbation: Bool {
        restoreChoice().chosen.flatMap(snapshot).map(isOnProbation) ?? false
    }

    // MARK: - Steps

    /// A new process.
    mutating func launch() -> Int {
        processCount += 1
        processes[processCount] = Process(number: processCount)
        return processCount
    }

    mutating func open(_ number: Int) { processes[number]?.storeOpen = true }

    /// Rule 8: pending strikes go into the file, quarantining at 2.
    mutating func foldStrikes() {
        for index in snapshots.indices where hasPendingStrike(snapshots[index]) {
            snapshots[index].storedStrikes += 1
            snapshots[index].probationOwner = nil
            if snapshots[index].storedStrikes >= Self.quarantineStrikes { snapshots[index].quarantined = true }
        }
    }

    /// A whole restore by process `number` (rules 2, 3, 4, 8); the first screen when nothing was
    /// restored.
    @discardableResult
    mutating func restore(by number: Int) -> RestoreChoice {
        let choice = restoreChoice()
        guard let id = choice.chosen, let index = snapshots.firstIndex(where: { $0.id == id }) else {
            processes[number]?.state = Self.firstScreen
            return choice
        }
        foldStrikes()
        snapshots[index].probationOwner = number
        processes[number]?.restored = snapshots[index].state
        processes[number]?.restoredStrikes = snapshots[index].storedStrikes
        processes[number]?.onProbation = true
        processes[number]?.state = snapshots[index].state
        return choice
    }

    /// Rule 5: the launch of `number` counts as good.
    mutating func launchSucceeded(_ number: Int) {
        guard processes[number]?.onProbation == true else { return }
        processes[number]?.onProbation = false
        for index in snapshots.indices where snapshots[index].probationOwner == number {
            snapshots[index].probationOwner = nil
            snapshots[index].storedStrikes = 0
        }
    }

    /// A save by `number` of its hierarchy (rules 1, 5, 6); the new snapshot's id, or `nil`.
    @discardableResult
    mutating func save(by number: Int) -> Int? {
        guard let process = processes[number], !process.state.isEmpty else { return nil }
        var snapshot = Snapshot(id: (snapshots.last?.id ?? 0) + 1, state: process.state)
        if process.onProbation {
            if process.state == process.restored {
                snapshot.probationOwner = number
                snapshot.storedStrikes = process.restoredStrikes
            } else {
                launchSucceeded(number)
            }
        }
        snapshots.append(snapshot)
        if snapshots.count > Self.keepCount { snapshots.removeFirst(snapshots.count - Self.keepCount) }
        return snapshot.id
    }

    /// Autosave starts: its first capture is written like a save.
    @discardableResult
    mutating func startAutosave(by number: Int) -> Int? {
        let state = processes[number]?.state
        processes[number]?.autosaveRunning = true
        processes[number]?.lastCaptured = state
        return save(by: number)
    }

    /// Whether a flush by `number` must write: its state differs from autosave's last capture.
    /// When it does not, autosave may still write (its own comparison also sees view-loaded and
    /// appearance flags): the test takes what the app reported.
    func flushMustWrite(by number: Int) -> Bool {
        guard let process = processes[number] else { return false }
        return process.state != process.lastCaptured
    }

    /// A flush by `number` that wrote (`writes`) or not.
    @discardableResult
    mutating func flush(by number: Int, writes: Bool) -> Int? {
        let state = processes[number]?.state
        processes[number]?.lastCaptured = state
        return writes ? save(by: number) : nil
    }

    /// The store released (rule 5).
    mutating func close(_ number: Int) {
        launchSucceeded(number)
        processes[number]?.storeOpen = false
        processes[number]?.autosaveRunning = false
    }

    /// The process ends: normally (exit(0), a return from main: rule 5) or not (SIGKILL, a trap:
    /// rule 7, which needs nothing more here, since strikes show from the owner's death).
    mutating func end(_ number: Int, normally: Bool) {
        if normally { launchSucceeded(number) }
        processes[number]?.alive = false
    }

    // MARK: - Deaths part-way (rule 9)

    /// Every state the file may be in after process `number`, a new process, died part-way
    /// through restoring: the restores of `restore-loop` (`trapped` false: killed at any moment of
    /// a loop of restores of the same snapshot) or one restore whose screens trap in viewDidLoad
    /// (`trapped` true: after the crash mark, before the probation). Resolved by the file: whether
    /// anything was written, whether the pending strikes were folded in before the crash mark
    /// (they must be once the probation was written), and, for a death during a second restore
    /// of the snapshot the process already has on probation, whether that probation shows as a
    /// strike beside the crash mark (rule 7 says it does, rule 9 lists only the crash mark; both
    /// pass the snapshot over).
    func restoreDeathOutcomes(of number: Int, trapped: Bool) -> [(name: String, model: LaunchModel)] {
        var outcomes: [(String, LaunchModel)] = []
        let chosen = restoreChoice().chosen
        func dead(_ model: LaunchModel) -> LaunchModel {
            var model = model
            model.end(number, normally: false)
            return model
        }
        var folded = self
        folded.foldStrikes()
        if !trapped {
            outcomes.append(("untouched: killed before the restore wrote anything", dead(self)))
            outcomes.append(("untouched but the pending strikes folded", dead(folded)))
        }
        guard let chosen, let index = snapshots.firstIndex(where: { $0.id == chosen }) else { return outcomes }
        for (base, words) in [(folded, "crash-marked"), (self, "crash-marked, pending strikes not folded")] {
            var marked = base
            marked.snapshots[index].markOwner = number
            outcomes.append(("\(trapped ? "trapped" : "killed") mid-restore: \(words)", dead(marked)))
        }
        if !trapped {
            var restored = self
            restored.restore(by: number)
            outcomes.append(("killed between restores: on probation, then one strike", dead(restored)))
            restored.snapshots[index].markOwner = number
            outcomes.append(("killed during a later restore: crash-marked and one strike", dead(restored)))
        }
        return outcomes
    }

    /// Every state the file may be in after process `number` was killed during a save (or an
    /// autosave write) of its state: written or not.
    func saveDeathOutcomes(of number: Int, autosaveStart: Bool = false, flush: Bool = false) -> [(name: String, model: LaunchModel)] {
        var notWritten = self
        var written = self
        if autosaveStart {
            written.startAutosave(by: number)
        } else if flush {
            written.flush(by: number, writes: true)
        } else {
            written.save(by: number)
        }
        notWritten.end(number, normally: false)
        written.end(number, normally: false)
        return [("killed before the save committed", notWritten), ("killed after the save committed", written)]
    }

    /// The file after process `number` was killed in `save-loop BASE` after `count` saves.
    func saveLoopOutcome(of number: Int, base: Int, count: Int) -> LaunchModel {
        var model = self
        for iteration in 0..<count {
            guard var state = model.processes[number]?.state, !state.isEmpty else { break }
            state[state.count - 1].value = base + iteration
            model.processes[number]?.state = state
            model.save(by: number)
        }
        model.end(number, normally: false)
        return model
    }
}
