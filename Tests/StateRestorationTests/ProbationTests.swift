import ControllerKit
import Foundation
import MailSample
@testable import StateRestoration
import Testing
import TestSupport

/// Probation convicts only a death (docs/behaviour.md §4.2):
/// a process that is alive or exited normally is never a strike, and a restore that restores
/// nothing leaves the file's bytes as they were.
@Suite struct ProbationTests {
    private static let noTimer = StoreConfiguration(probationPeriod: nil)

    /// As restore tests do: a new store each time, one process, the same file.
    @MainActor @Test func restoringAgainInTheSameProcessIsNoStrike() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try MailSampleRegistry.saveBeforeAndSession(at: path)
        var stores: [RestorationStore] = []
        for attempt in 1...4 {
            let store = try RestorationStore(path: path, configuration: Self.noTimer)
            stores.append(store)
            let report = try store.restore(into: Window(application: Application()), registry: MailSampleRegistry.make())
            #expect(report.snapshotID == 2, "attempt \(attempt): \(report)")
            #expect(report.skipped.isEmpty, "attempt \(attempt): \(report)")
            #expect(try store.snapshots().map(\.strikes) == [0, 0])
            #expect(try store.snapshots().map(\.isOnProbation) == [true, false])
        }
        try stores[0].launchSucceeded()
        #expect(try stores[0].snapshots().map(\.isOnProbation) == [false, false])
    }

    /// A command-line tool or an app that restores and ends normally, however it ends.
    @Test(arguments: ["return", "exit"])
    func aProcessThatEndsNormallyIsNoStrike(how: String) async throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try await MainActor.run { try MailSampleRegistry.saveBeforeAndSession(at: path) }
        for attempt in 1...3 {
            let run = try ChildProcess.runHelper(["restore-and-end", path, how])
            #expect(run.reason == .exit && run.status == 0, "attempt \(attempt): \(run.output)")
            #expect(run.output.contains("restored snapshot 2, shown"), "attempt \(attempt): \(run.output)")
        }
        try await MainActor.run {
            let store = try RestorationStore(path: path, configuration: Self.noTimer)
            #expect(try store.snapshots().map(\.strikes) == [0, 0])
            #expect(try store.snapshots().map(\.isOnProbation) == [false, false])
            let report = try store.restore(into: Window(application: Application()), registry: MailSampleRegistry.make())
            #expect(report.snapshotID == 2)
            #expect(report.skipped.isEmpty)
        }
    }

    /// A trap on the restored screens is a strike like a kill; two quarantine the snapshot.
    @Test func aProcessThatTrapsTwiceQuarantines() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try await MainActor.run { try MailSampleRegistry.saveBeforeAndSession(at: path) }
        for attempt in 1...2 {
            let run = try ChildProcess.runHelper(["restore-and-end", path, "trap"])
            #expect(run.reason == .uncaughtSignal, "attempt \(attempt): \(run.output)")
            #expect(run.output.contains("restored snapshot 2, shown"), "attempt \(attempt): \(run.output)")
        }
        try await MainActor.run {
            let store = try RestorationStore(path: path)
            // The second death is not written yet; the listing counts it all the same.
            #expect(try store.snapshots().map(\.strikes) == [2, 0])
            let report = try store.restore(into: Window(application: Application()), registry: MailSampleRegistry.make())
            #expect(report.snapshotID == 1)
            #expect(report.skipped.map(\.reason) == ["quarantined: the app crashed or was killed within 10 s of restoring it, twice"])
            #expect(try store.snapshots().map(\.isQuarantined) == [true, false])
        }
    }

    /// The user moved on from the restored state: the restored screens work.
    @MainActor @Test func savingADifferentStateCountsTheLaunchAsGood() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try MailSampleRegistry.saveBeforeAndSession(at: path)
        let store = try RestorationStore(path: path, configuration: Self.noTimer)
        let window = Window(application: Application())
        _ = try store.restore(into: window, registry: MailSampleRegistry.make())
        window.makeKeyAndVisible()
        // Showing the restored screens loads views and makes them appear: still the same state.
        let same = try store.save(windows: [window], registry: MailSampleRegistry.make(), label: "same")
        #expect(try store.snapshots().first { $0.id == same.snapshotID }?.isOnProbation == true)
        (window.rootViewController as? TabBarController)?.selectedIndex = 1
        let moved = try store.save(windows: [window], registry: MailSampleRegistry.make(), label: "moved on")
        #expect(try store.snapshots().map(\.isOnProbation) == [false, false, false])
        #expect(try store.snapshots().first?.id == moved.snapshotID)
    }

    /// Closing and releasing the store count the launch as good.
    @MainActor @Test(arguments: [true, false])
    func closingOrReleasingTheStoreEndsProbation(closes: Bool) throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try MailSampleRegistry.saveBeforeAndSession(at: path)
        var store: RestorationStore? = try RestorationStore(path: path, configuration: Self.noTimer)
        _ = try store?.restore(into: Window(application: Application()), registry: MailSampleRegistry.make())
        #expect(try store?.snapshots().map(\.isOnProbation) == [true, false])
        if closes { try store?.close() }
        store = nil
        let inspector = try SnapshotInspector(path: path)
        #expect(try inspector.snapshots().map(\.isOnProbation) == [false, false])
    }

    enum Refusal: String, CaseIterable, Sendable {
        case policy, delegate, crashMark, quarantine, absence, emptySnapshot
    }

    /// A restore that restores nothing changes no byte of the file: not when the store opens,
    /// not while it restores, not when it goes (nor when the launch is then said to succeed).
    @Test(arguments: Refusal.allCases)
    func aRefusedRestoreWritesNothing(_ refusal: Refusal) async throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try await MainActor.run {
            switch refusal {
            case .absence:
                _ = try RestorationStore(path: path)
            case .emptySnapshot:
                _ = try RestorationStore(path: path).save(windows: [], registry: MailSampleRegistry.make(), allowingEmpty: true)
            default:
                try MailSampleRegistry.saveBeforeAndSession(at: path)
            }
        }
        // The session's snapshot alone, so that no older one can be restored in its place.
        switch refusal {
        case .crashMark:
            try RestorationStore(path: path).prune(keeping: 1)
            _ = try ChildProcess.runHelper(["crash-during-restore", path])
        case .quarantine:
            try RestorationStore(path: path).prune(keeping: 1)
            _ = try ChildProcess.runHelper(["crash-after-showing", path])
            _ = try ChildProcess.runHelper(["crash-after-showing", path])
        default:
            break
        }
        let before = TemporaryDirectory.fingerprint(path)
        try await MainActor.run {
            let configuration = StoreConfiguration(appVersion: refusal == .policy ? "9.9" : "1.0")
            let store = try RestorationStore(path: path, configuration: configuration)
            #expect(TemporaryDirectory.fingerprint(path) == before, "opening changed the file")
            let application = Application()
            let declining = DecliningDelegate()
            if refusal == .delegate { application.delegate = declining }
            let report = try store.restore(into: Window(application: application), registry: MailSampleRegistry.make(),
                                           policy: RestorePolicy(requiresSameAppVersion: true))
            #expect(!report.didRestore, "\(report)")
            #expect(TemporaryDirectory.fingerprint(path) == before, "the restore changed the file: \(report)")
            try store.launchSucceeded()
            #expect(TemporaryDirectory.fingerprint(path) == before, "launchSucceeded changed the file")
        }
        #expect(TemporaryDirectory.fingerprint(path) == before, "releasing the store changed the file")
    }
}

/// An application delegate that declines every restore.
@MainActor final class DecliningDelegate: ApplicationDelegate {
    func application(_ application: Application, shouldRestoreSecureApplicationState coder: Coder) -> Bool { false }
}
