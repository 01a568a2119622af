import Foundation

/// Runs a store's checkpoints: copying what SQLite's write-ahead log holds into the database
/// file and syncing both, on a queue and a connection of its own, after the commit that filled
/// the log rather than inside it.
///
/// A commit in WAL mode ends with the new pages in the log, unsynced (`synchronous = NORMAL`):
/// a killed process keeps them, the next open reads them. SQLite's automatic checkpoint runs
/// inside the commit that fills the log past 1,000 pages, so a save paid for the copy and the
/// syncs (at 10,000 controllers the commit took 9 ms instead of 1.6; benchmark probes). On its
/// own connection, the checkpoint waits for no lock and holds none a save needs: SQLite lets a
/// passive checkpoint run beside readers and a writer. A checkpoint that fails leaves the pages
/// in the log, where they are as safe as before; the next commit past the threshold queues
/// another.
final class Checkpointer: @unchecked Sendable {
    private let path: String
    /// Where checkpoints run, one at a time.
    let queue = DispatchQueue(label: "navstate.store.checkpoint", qos: .utility)
    private let lock = NSLock()
    // Guarded by `lock`.
    private var queued = false
    /// Opened at the first checkpoint and only used on `queue`.
    private var connection: Database?
    /// How long the checkpoints that ran since ``takeDurations()`` took, in order, the first
    /// `durationLimit` of them (an app never asks); on `queue`.
    private var durations: [Duration] = []
    private let durationLimit = 1_024

    init(path: String) {
        self.path = path
    }

    /// Queues a checkpoint unless one is waiting. Called from inside a commit of the store's
    /// connection: it only queues.
    func schedule() {
        let alreadyQueued = lock.withLock {
            defer { queued = true }
            return queued
        }
        guard !alreadyQueued else { return }
        queue.async { self.run() }
    }

    private func run() {
        lock.withLock { queued = false }
        let clock = ContinuousClock()
        let start = clock.now
        defer { if durations.count < durationLimit { durations.append(clock.now - start) } }
        do {
            // A read-write open would create a file someone deleted meanwhile.
            if connection == nil {
                guard FileManager.default.fileExists(atPath: path) else { return }
                connection = try Database(path: path, mode: .readWrite)
            }
            try connection?.checkpointPassively()
        } catch {
            // Left in the log, and retried after the next commit past the threshold.
        }
    }

    /// Returns once the checkpoints queued so far have run.
    func wait() {
        queue.sync {}
    }

    /// Waits for the checkpoints queued so far, and says how long each that ran since the last
    /// call took on its thread.
    func takeDurations() -> [Duration] {
        queue.sync {
            defer { durations = [] }
            return durations
        }
    }
}
