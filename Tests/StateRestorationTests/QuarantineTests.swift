import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

/// Crash-loop quarantine: a restored snapshot is on probation until the launch counts as good; a
/// process that dies on probation adds a strike, and at two strikes restores pass over the
/// snapshot, keeping it for inspection.
@Suite struct QuarantineTests {
    /// Across processes: a restored screen that kills the app right after it shows, twice, gets
    /// the snapshot quarantined, and the next restore uses the one before, saying why.
    @Test func aSnapshotThatCrashesTwiceAfterShowingIsQuarantined() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try await MainActor.run { try MailSampleRegistry.saveBeforeAndSession(at: path) }
        for attempt in 1...2 {
            let run = try ChildProcess.runHelper(["crash-after-showing", path])
            #expect(run.reason == .uncaughtSignal && run.status == SIGKILL, "attempt \(attempt): \(run.output)")
            #expect(run.output.contains("restored snapshot 2, shown"), "attempt \(attempt): \(run.output)")
        }
        try await MainActor.run {
            let store = try RestorationStore(path: path, configuration: StoreConfiguration(probationPeriod: nil))
            let window = Window(application: Application())
            let report = try store.restore(into: window, registry: MailSampleRegistry.make())
            #expect(report.snapshotID == 1)
            #expect(report.skipped.map(\.reason) == ["quarantined: the app crashed or was killed before its launch counted as good, twice"])
            let summaries = try store.snapshots()
            #expect(summaries.map(\.isQuarantined) == [true, false])
            #expect(summaries.map(\.strikes) == [2, 0])
            // Kept for inspection, and still loadable.
            #expect(try store.loadSnapshot(id: 2).snapshot.controllers.count == 9)
        }
    }

    /// One death is one strike, not yet quarantine; a launch that succeeds clears the strikes.
    @Test func oneStrikeIsForgivenByALaunchThatSucceeds() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try await MainActor.run { try MailSampleRegistry.saveBeforeAndSession(at: path) }
        _ = try ChildProcess.runHelper(["crash-after-showing", path])
        try await MainActor.run {
            let store = try RestorationStore(path: path, configuration: StoreConfiguration(probationPeriod: nil))
            let report = try store.restore(into: Window(application: Application()), registry: MailSampleRegistry.make())
            #expect(report.snapshotID == 2)
            #expect(try store.snapshots().map(\.strikes) == [1, 0])
            #expect(try store.snapshots().map(\.isOnProbation) == [true, false])
            // Restoring again in the same, living process is no strike.
            _ = try store.restore(into: Window(application: Application()), registry: MailSampleRegistry.make())
            #expect(try store.snapshots().map(\.strikes) == [1, 0])
            try store.launchSucceeded()
            #expect(try store.snapshots().map(\.strikes) == [0, 0])
            #expect(try store.snapshots().map(\.isOnProbation) == [false, false])
        }
    }

    /// A save made on probation carries it: a state saved just before the crash is no way
    /// around the quarantine.
    @Test func aSaveOnProbationCarriesIt() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try await MainActor.run { try MailSampleRegistry.saveBeforeAndSession(at: path) }
        try await MainActor.run {
            let store = try RestorationStore(path: path, configuration: StoreConfiguration(probationPeriod: nil))
            let window = Window(application: Application())
            _ = try store.restore(into: window, registry: MailSampleRegistry.make())
            window.makeKeyAndVisible()
            let saved = try store.save(windows: [window], registry: MailSampleRegistry.make(), label: "after restore")
            let newest = try #require(try store.snapshots().first)
            #expect(newest.id == saved.snapshotID)
            #expect(newest.isOnProbation)
            try store.launchSucceeded()
            let plain = try store.save(windows: [window], registry: MailSampleRegistry.make(), label: "later")
            #expect(try store.snapshots().first { $0.id == plain.snapshotID }?.isOnProbation == false)
        }
    }
}
