import Foundation
@testable import StateRestoration
import Testing

/// The reader's pipeline: results in submission order whatever runs where, and the caller
/// taking over when too much waits.
@Suite struct BackgroundJobsTests {
    @Test(arguments: [0, 1, 3])
    func resultsComeBackInSubmissionOrder(workers: Int) {
        for maximumQueued in [1, 2, 8] {
            let jobs = BackgroundJobs<[Int]>(workers: workers, maximumQueued: maximumQueued, byteBudget: .max)
            for batch in 0..<200 {
                jobs.submit(bytes: 1) { (0..<(batch % 7)).map { batch * 10 + $0 } }
            }
            let expected = (0..<200).map { batch in (0..<(batch % 7)).map { batch * 10 + $0 } }
            #expect(jobs.finish() == expected, "\(workers) workers, \(maximumQueued) queued at most")
        }
    }

    /// `finish()` hands the outputs over: once the caller lets them go they are freed, while the
    /// jobs object lives on. Kept inside too, each output had a second reference, and the
    /// reader's records were copied when it set their paths.
    @Test func finishHandsItsOutputsOver() {
        final class Output {}
        let jobs = BackgroundJobs<Output>(workers: 1, maximumQueued: 4, byteBudget: .max)
        weak var first: Output?
        do {
            jobs.submit(bytes: 1) { Output() }
            jobs.submit(bytes: 1) { Output() }
            var outputs = jobs.finish()
            first = outputs.first
            #expect(outputs.count == 2 && first != nil)
            #expect(isKnownUniquelyReferenced(&outputs[0]))
        }
        #expect(first == nil)
        withExtendedLifetime(jobs) {}
    }

    @Test func finishingWithoutJobsReturnsNothing() {
        #expect(BackgroundJobs<Int>(workers: 2, maximumQueued: 4, byteBudget: 100).finish().isEmpty)
    }

    /// With no worker, nothing runs until the queue overflows, and then on the caller: the
    /// bound holds whether or not any worker ever gets a thread.
    @Test func theCallerRunsTheOldestJobsWhenTooMuchWaits() {
        let ran = Locked<[Int]>([])
        let byCount = BackgroundJobs<Int>(workers: 0, maximumQueued: 2, byteBudget: .max)
        for index in 0..<5 {
            byCount.submit(bytes: 0) { ran.mutate { $0.append(index) }; return index }
        }
        #expect(ran.value == [0, 1, 2], "two may wait; the rest ran on submission")
        #expect(byCount.finish() == [0, 1, 2, 3, 4])

        ran.mutate { $0 = [] }
        let byBytes = BackgroundJobs<Int>(workers: 0, maximumQueued: 100, byteBudget: 10)
        for index in 0..<4 {
            byBytes.submit(bytes: 4) { ran.mutate { $0.append(index) }; return index }
        }
        #expect(ran.value == [0, 1], "at most ten bytes wait")
        #expect(byBytes.finish() == [0, 1, 2, 3])
    }
}

extension BackgroundJobsTests {
    /// A caller that stops early (a read failing part-way) closes instead of finishing: the
    /// workers return and the queued jobs never run. Before `close()` existed, each such read
    /// left a worker waiting forever on its own thread.
    @Test func closingWithoutFinishingLetsTheWorkersGo() {
        let ran = Locked<[Int]>([])
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let jobs = BackgroundJobs<Int>(workers: 1, maximumQueued: 100, byteBudget: .max)
        jobs.submit(bytes: 0) {
            started.signal()
            release.wait()
            ran.mutate { $0.append(0) }
            return 0
        }
        started.wait()  // the worker is busy with the first job; the next ones queue
        for index in 1...3 { jobs.submit(bytes: 0) { ran.mutate { $0.append(index) }; return index } }
        jobs.close()
        release.signal()
        // A generous bound, only so that a regression fails instead of hanging the suite.
        #expect(jobs.waitForWorkers(until: Date(timeIntervalSinceNow: 60)))
        #expect(ran.value == [0], "the running job finishes; the queued ones are dropped")
    }
}

extension BackgroundJobsTests {
    /// The writer's way: a few jobs ahead, outputs taken one by one in order while more are
    /// submitted. Every output arrives once and in order, wherever its job ran.
    @Test(arguments: [0, 1, 3])
    func outputsTakenOneByOneComeInOrder(workers: Int) {
        let jobs = BackgroundJobs<[Int]>(workers: workers, maximumQueued: .max, byteBudget: .max)
        defer { jobs.close() }
        let count = 300, ahead = 4
        func submit(_ index: Int) { jobs.submit(bytes: 0) { (0..<(index % 5)).map { index * 10 + $0 } } }
        for index in 0..<ahead { submit(index) }
        var taken: [[Int]] = []
        for index in 0..<count {
            guard let output = jobs.output(of: index) else {
                Issue.record("no output for job \(index) with \(workers) workers")
                return
            }
            taken.append(output)
            if index + ahead < count { submit(index + ahead) }
        }
        #expect(taken == (0..<count).map { index in (0..<(index % 5)).map { index * 10 + $0 } })
        #expect(jobs.output(of: 0) == nil, "each output is handed out once")
        #expect(jobs.output(of: count) == nil, "never submitted")
    }

    /// A job dropped by `close()` has no output, and asking for it does not wait forever.
    @Test func aDroppedJobHasNoOutput() {
        let jobs = BackgroundJobs<Int>(workers: 0, maximumQueued: .max, byteBudget: .max)
        jobs.submit(bytes: 0) { 1 }
        jobs.submit(bytes: 0) { 2 }
        #expect(jobs.output(of: 1) == 2, "taken out of order, run here")
        jobs.close()
        #expect(jobs.output(of: 0) == nil)
    }
}

/// A value shared with jobs on other threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func mutate(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
