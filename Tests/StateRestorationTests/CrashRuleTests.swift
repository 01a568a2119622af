import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

/// A restore that dies part-way marks its snapshot, and the next attempt
/// skips it; nothing is deleted.
@Suite struct CrashRuleTests {
    @Test func aRestoreThatDiesPartWayIsSkippedNextTime() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try await MainActor.run { try MailSampleRegistry.saveBeforeAndSession(at: path) }
        let run = try ChildProcess.runHelper(["crash-during-restore", path])
        #expect(run.reason == .uncaughtSignal, "the helper should die by SIGKILL: \(run.output)")
        #expect(run.status == SIGKILL)

        try await MainActor.run {
            let store = try RestorationStore(path: path)
            let summaries = try store.snapshots()
            #expect(summaries.map(\.metadata.label) == ["session", "before"])
            #expect(summaries.map(\.isCrashMarked) == [true, false])
            let window = Window(application: Application())
            let report = try store.restore(into: window, registry: MailSampleRegistry.make())
            #expect(report.skipped.map(\.snapshotID) == [summaries[0].id])
            #expect(report.snapshotID == summaries[1].id)
            #expect(window.rootViewController?.presentedViewController == nil)
            // The mark stays; nothing was deleted; the good restore left no mark of its own.
            #expect(try store.snapshots().map(\.isCrashMarked) == [true, false])
        }
    }
}
