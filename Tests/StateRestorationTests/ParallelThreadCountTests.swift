import Foundation
@testable import StateRestoration
import Testing

/// The parallel paths use no more threads than the processors the process may run on: the
/// affinity list Linux gives in `/proc/self/status` is read as ranges, and anything else is no
/// answer rather than a wrong one.
@Suite struct ParallelThreadCountTests {
    @Test(arguments: [("0-1", 2), ("0", 1), ("0-3,8", 5), ("0,2-3", 3), ("4-4", 1), (" 0-7 ", 8)])
    func anAffinityListCountsItsProcessors(list: String, expected: Int) {
        let status = "Name:\tnavstate\nCpus_allowed:\tff\nCpus_allowed_list:\t\(list)\nMems_allowed:\t1\n"
        #expect(processorsInAffinity(status: status) == expected)
    }

    @Test(arguments: ["", "x", "3-1", "0-1-2", "0,,1", "-"])
    func aListThatDoesNotReadIsNoAnswer(list: String) {
        #expect(processorsInAffinity(status: "Cpus_allowed_list:\t\(list)\n") == nil)
    }

    @Test func noListIsNoAnswer() {
        #expect(processorsInAffinity(status: "Name:\tnavstate\n") == nil)
        #expect(processorsInAffinity(status: nil) == nil)
    }

    /// On this machine: at least one thread, and never more than the processors Foundation counts
    /// or the affinity list allows.
    @Test func theThreadCountIsBoundedByBothCounts() {
        #expect(parallelThreadCount >= 1)
        #expect(parallelThreadCount <= ProcessInfo.processInfo.activeProcessorCount)
        if let allowed = processorsInAffinity() { #expect(parallelThreadCount <= allowed) }
    }
}
