import Foundation

/// Jobs run on background threads while the caller produces more, then on the caller too;
/// results come back in submission order, all at ``finish()`` or one by one (``output(of:)``).
///
/// The reader copies rows out of SQLite on its own thread (a connection is single-threaded) and
/// parses them anywhere: with one batch parsed while the next is read, a load takes about half of
/// reading plus parsing on two cores, instead of all the reading plus half the parsing. The
/// writer the other way round: rows are prepared anywhere while its thread binds the ones before.
///
/// Memory stays bounded however slow the workers are: when more than `maximumQueued` jobs, or
/// jobs of more than `byteBudget` bytes, wait or run, the caller runs the oldest waiting job
/// itself. Workers that never get a thread (a busy pool) cost nothing: ``finish()`` runs
/// whatever is left on the caller.
final class BackgroundJobs<Output>: @unchecked Sendable {
    private struct Job {
        var index: Int
        var bytes: Int
        var run: () -> Output
    }

    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var queued: [Job] = []
    private var results: [Output?] = []
    private var running = 0
    /// The bytes of queued and running jobs.
    private var bytesInFlight = 0
    private var closed = false
    /// Workers started and not yet returned.
    private var liveWorkers = 0
    private let maximumQueued: Int
    private let byteBudget: Int

    /// Starts `workers` background threads (none leaves all the work to the caller).
    init(workers: Int, maximumQueued: Int, byteBudget: Int) {
        self.maximumQueued = max(1, maximumQueued)
        self.byteBudget = byteBudget
        liveWorkers = max(0, workers)
        for _ in 0..<max(0, workers) {
            DispatchQueue.global(qos: .userInitiated).async { self.work() }
        }
    }

    /// Queues `job`, which holds `bytes` bytes until it has run; while too much waits, runs the
    /// oldest waiting jobs on the calling thread, unless told not to (a caller whose jobs wait
    /// for something it has yet to do; the bounds then hold from its next submission that runs
    /// them, or from ``finish()``).
    func submit(bytes: Int, runningOverflowHere: Bool = true, _ job: @escaping () -> Output) {
        condition.lock()
        queued.append(Job(index: results.count, bytes: bytes, run: job))
        results.append(nil)
        bytesInFlight += bytes
        condition.signal()
        condition.unlock()
        guard runningOverflowHere else { return }
        while let overflow = take(when: { $0.queued.count > $0.maximumQueued || $0.bytesInFlight > $0.byteBudget }) {
            complete(overflow)
        }
    }

    /// Runs what is still queued on the calling thread too, waits for the jobs running elsewhere,
    /// and returns every result in submission order.
    func finish() -> [Output] {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        while let next = take(when: { _ in true }) { complete(next) }
        condition.lock()
        defer { condition.unlock() }
        while running > 0 { condition.wait() }
        // Every slot is filled: each job ran, here or on a worker, before `running` reached 0.
        let outputs = results.compactMap { $0 }
        // Handed over, not kept: a second reference to each output would make the caller's
        // changes to it copy it (the reader sets every record's path once ordered).
        results = []
        return outputs
    }

    /// The output of the `index`-th job submitted, for a caller that consumes outputs in order
    /// as they come rather than all at ``finish()`` (the writer binds one chunk's rows while the
    /// workers prepare the next). Runs that job here if no worker has started it; while a
    /// worker runs it, runs the oldest other waiting job here rather than idle. Each output is
    /// handed out once; `nil` for a job never submitted or dropped by ``close()``.
    func output(of index: Int) -> Output? {
        condition.lock()
        while index < results.count {
            if let output = results[index] {
                results[index] = nil
                condition.unlock()
                return output
            }
            let position = queued.firstIndex { $0.index == index } ?? (queued.isEmpty ? nil : 0)
            if let position {
                let job = queued.remove(at: position)
                running += 1
                condition.unlock()
                complete(job)
                condition.lock()
                continue
            }
            guard running > 0 else { break }
            condition.wait()
        }
        condition.unlock()
        return nil
    }

    /// Lets the workers go without running what is still queued: for a caller that stops
    /// early (a read that failed part-way). Without it they would wait for jobs forever, each
    /// holding a thread. Calling it after ``finish()`` does nothing.
    func close() {
        condition.lock()
        closed = true
        let dropped = queued
        queued.removeAll()
        for job in dropped { bytesInFlight -= job.bytes }
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every worker has returned, or until `deadline`; says whether they all did.
    /// For tests.
    func waitForWorkers(until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while liveWorkers > 0 {
            if !condition.wait(until: deadline) { return liveWorkers == 0 }
        }
        return true
    }

    private func work() {
        while let next = takeWaiting() { complete(next) }
        condition.lock()
        liveWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The oldest queued job, counted as running, if there is one and `condition` holds.
    private func take(when shouldTake: (BackgroundJobs) -> Bool) -> Job? {
        condition.lock()
        defer { condition.unlock() }
        guard !queued.isEmpty, shouldTake(self) else { return nil }
        running += 1
        return queued.removeFirst()
    }

    /// A worker's next job, waiting for one; `nil` once the queue is closed and empty.
    private func takeWaiting() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while queued.isEmpty {
            if closed { return nil }
            condition.wait()
        }
        running += 1
        return queued.removeFirst()
    }

    private func complete(_ job: Job) {
        let output = job.run()
        condition.lock()
        results[job.index] = output
        running -= 1
        bytesInFlight -= job.bytes
        condition.broadcast()
        condition.unlock()
    }
}
