// The reference model of the launch model's scene run (LaunchModelTests): what each launch of a
// scene app must bring back, session by session, after a sequence of connections,
// disconnections, discards, backgrounds, kills and crash loops. Plain Swift, sharing no code
// with StateRestoration. It follows the launch model's rules (Support/LaunchModel.swift), each
// applied to one session's snapshots apart (docs/behaviour.md §3.5 and docs/scenes.md):
//
//  S1. A scene entering the background from the foreground saves its session: the session's
//      activity (the top screen's value) and a new snapshot of its stack, then the session keeps
//      its newest `keepCount` snapshots. The session is saved from then on, in the order of its
//      first save; a discard deletes it and its snapshots.
//  S2. A launch reconnects every saved session in order, each with its saved activity; each
//      restores its newest snapshot that is not crash-marked and has fewer than 2 strikes, or
//      shows a first screen. With no saved session, one new session A connects.
//  S3. A session's restore that traps leaves that snapshot crash-marked for good; the process
//      is gone, and the probations it began for the sessions restored before are dropped with
//      no strike.
//  S4. A restored session is on probation until it saves a stack other than the one restored,
//      or the process exits normally: then its strikes go to 0. A save of the restored stack is
//      on probation too, with the restored strikes.
//  S5. A process killed while sessions are on its probation: one strike for each of them.
//  S6. A session reconnecting in a running process restores again, by S2's choice.

/// The saved sessions and the running process of one scene run.
struct SceneLaunchModel: Equatable {
    /// A snapshot of one session.
    struct Snapshot: Equatable {
        var state: String
        var crashMarked = false
        /// The process whose probation it is on.
        var probationOwner: Int?
        var strikes = 0
    }

    /// A saved session.
    struct SavedSession: Equatable {
        var label: String
        var activity: Int
        /// Oldest first.
        var snapshots: [Snapshot] = []
    }

    /// A session open in the running process.
    struct OpenSession: Equatable, CustomStringConvertible {
        var label: String
        var connected = true
        var foreground = true
        /// The stack shown, "id:value,…", bottom first.
        var state: String
        /// The session's stateRestorationActivity's value.
        var activity: Int?
        /// The stack its restore brought back (S4), while on probation.
        var restoredState: String?

        var description: String {
            "\(label)\(connected ? (foreground ? "" : " (background)") : " (disconnected)") [\(state)] activity \(activity.map(String.init) ?? "none")"
        }

        /// The top screen's value.
        var topValue: Int { state.split(separator: ",").last.flatMap { $0.split(separator: ":").last }.flatMap { Int($0) } ?? -1 }
    }

    /// What one session's restore at a launch must do.
    struct Restore: Equatable, CustomStringConvertible {
        var label: String
        /// The stack restored, or `nil` for a first screen.
        var state: String?
        /// How many snapshots it passes over, newest first: crash-marked, then for their strikes.
        var skippedCrashMarked: Int
        var skippedForStrikes: Int

        var description: String {
            "\(label): \(state.map { "restores [\($0)]" } ?? "restores nothing"), passes over \(skippedCrashMarked) crash-marked and \(skippedForStrikes) struck"
        }
    }

    static let quarantineStrikes = 2
    static let keepCount = 3

    var saved: [SavedSession] = []
    /// The running process's number, and its sessions in order.
    var process: Int?
    var open: [OpenSession] = []
    var processCount = 0

    static func firstScreen(_ label: String) -> String { "\(label).home:0" }

    func savedIndex(_ label: String) -> Int? { saved.firstIndex { $0.label == label } }
    func openIndex(_ label: String) -> Int? { open.firstIndex { $0.label == label } }

    /// S2's choice for `label`'s saved snapshots.
    func choice(_ label: String) -> (index: Int?, restore: Restore) {
        var restore = Restore(label: label, state: nil, skippedCrashMarked: 0, skippedForStrikes: 0)
        guard let session = savedIndex(label).map({ saved[$0] }) else { return (nil, restore) }
        for index in session.snapshots.indices.reversed() {
            let snapshot = session.snapshots[index]
            if snapshot.crashMarked {
                restore.skippedCrashMarked += 1
            } else if snapshot.strikes >= Self.quarantineStrikes {
                restore.skippedForStrikes += 1
            } else {
                restore.state = snapshot.state
                return (index, restore)
            }
        }
        return (nil, restore)
    }

    // MARK: - Steps

    /// A launch (S2, S3): each saved session's restore, in order; with `trap`, that session's
    /// restore of a snapshot traps and the process is gone. Returns the restores that ran.
    mutating func launch(trap: String?) -> (restores: [Restore], trapped: Bool) {
        processCount += 1
        let number = processCount
        process = number
        open = []
        var restores: [Restore] = []
        if saved.isEmpty {
            open = [OpenSession(label: "A", state: Self.firstScreen("A"))]
            return ([], false)
        }
        for session in saved {
            let (index, restore) = choice(session.label)
            restores.append(restore)
            if session.label == trap, index != nil {
                markCrashed(session.label, index, by: number)
                return (restores, true)
            }
            open.append(restoreOpen(session.label, index, activity: session.activity, by: number))
        }
        return (restores, false)
    }

    /// S3: the crash mark stays; the process's other probations are dropped without a strike.
    private mutating func markCrashed(_ label: String, _ index: Int?, by number: Int) {
        for s in saved.indices {
            for i in saved[s].snapshots.indices where saved[s].snapshots[i].probationOwner == number {
                saved[s].snapshots[i].probationOwner = nil
            }
        }
        if let s = savedIndex(label), let index { saved[s].snapshots[index].crashMarked = true }
        process = nil
        open = []
    }

    /// A session restored by `number` (S2, S4).
    private mutating func restoreOpen(_ label: String, _ index: Int?, activity: Int?, by number: Int) -> OpenSession {
        guard let index, let s = savedIndex(label) else {
            return OpenSession(label: label, state: Self.firstScreen(label), activity: activity)
        }
        saved[s].snapshots[index].probationOwner = number
        let state = saved[s].snapshots[index].state
        return OpenSession(label: label, state: state, activity: activity, restoredState: state)
    }

    mutating func connect(_ label: String) {
        open.append(OpenSession(label: label, state: Self.firstScreen(label)))
    }

    mutating func navigate(_ label: String, to state: String) {
        guard let o = openIndex(label) else { return }
        open[o].state = state
    }

    /// S1, S4: the background saves the session, when its scene was in the foreground.
    mutating func background(_ label: String) {
        guard let o = openIndex(label), open[o].connected, open[o].foreground, let number = process else { return }
        open[o].foreground = false
        let state = open[o].state
        open[o].activity = open[o].topValue
        if savedIndex(label) == nil { saved.append(SavedSession(label: label, activity: open[o].activity ?? -1)) }
        guard let s = savedIndex(label) else { return }
        saved[s].activity = open[o].activity ?? -1
        var snapshot = Snapshot(state: state)
        if let restored = open[o].restoredState {
            let restoredStrikes = saved[s].snapshots.last { $0.probationOwner == number }?.strikes ?? 0
            if restored == state {
                snapshot.probationOwner = number
                snapshot.strikes = restoredStrikes
            } else {
                launchGood(label, by: number)
            }
        }
        saved[s].snapshots.append(snapshot)
        saved[s].snapshots = Array(saved[s].snapshots.suffix(Self.keepCount))
    }

    /// S4: the session's probation ends.
    private mutating func launchGood(_ label: String, by number: Int) {
        if let o = openIndex(label) { open[o].restoredState = nil }
        guard let s = savedIndex(label) else { return }
        for i in saved[s].snapshots.indices where saved[s].snapshots[i].probationOwner == number {
            saved[s].snapshots[i].probationOwner = nil
            saved[s].snapshots[i].strikes = 0
        }
    }

    mutating func foreground(_ label: String) {
        guard let o = openIndex(label), open[o].connected else { return }
        open[o].foreground = true
    }

    /// The background first (saving), then the scene is released; the session stays open.
    mutating func disconnect(_ label: String) {
        background(label)
        guard let o = openIndex(label) else { return }
        open[o].connected = false
    }

    /// S6: the scene connects again and its session restores again.
    mutating func reconnect(_ label: String) -> Restore {
        let (index, restore) = choice(label)
        guard let o = openIndex(label), let number = process else { return restore }
        let activity = open[o].activity
        open[o] = restoreOpen(label, index, activity: activity, by: number)
        return restore
    }

    mutating func discard(_ label: String) {
        open.removeAll { $0.label == label }
        saved.removeAll { $0.label == label }
    }

    /// S5.
    mutating func kill() {
        guard let number = process else { return }
        for s in saved.indices {
            for i in saved[s].snapshots.indices where saved[s].snapshots[i].probationOwner == number {
                saved[s].snapshots[i].probationOwner = nil
                saved[s].snapshots[i].strikes += 1
            }
        }
        process = nil
        open = []
    }

    /// S4: a normal exit counts every session's launch as good.
    mutating func exit() {
        guard let number = process else { return }
        for session in saved { launchGood(session.label, by: number) }
        process = nil
        open = []
    }
}
