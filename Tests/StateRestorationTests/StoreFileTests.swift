import CSQLite
import ControllerKit
import Foundation
import MailSample
@testable import StateRestoration
import Testing
import TestSupport

/// The store's files (docs/behaviour.md §8.5): no file stops an app, `close()`
/// and a normal exit leave the database file whole, a restore never waits for a writer, and a
/// killed creation leaves no litter.
@Suite struct StoreFileTests {
    enum Unusable: String, CaseIterable, Sendable {
        case truncated, garbage, empty, newerSchema, olderSchema, otherApplication
    }

    /// Makes the file at `path` unusable in the way `kind` says.
    @MainActor private func damage(_ path: String, _ kind: Unusable) throws {
        switch kind {
        case .truncated:
            try MailSampleRegistry.saveBeforeAndSession(at: path)
            let bytes = try #require(FileManager.default.contents(atPath: path))
            try bytes.prefix(bytes.count / 2 + 100).write(to: URL(fileURLWithPath: path))
        case .garbage:
            try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: path))
        case .empty:
            try Data("SQLite format 3\0".utf8).write(to: URL(fileURLWithPath: path))
        case .newerSchema:
            try MailSampleRegistry.saveBeforeAndSession(at: path)
            // A newer app's store, open in WAL mode with its last save still in the -wal.
            let newer = try Database(path: path, mode: .readWrite)
            try newer.execute("PRAGMA user_version = \(Migrator.latestVersion + 1)")
            try newer.execute("DELETE FROM snapshot WHERE id = 1")
            newer.keepWriteAheadLogOnClose()
        case .olderSchema:
            try FileManager.default.copyItem(at: PackageRoot.file("Tests/Fixtures/schema-4.sqlite"), to: URL(fileURLWithPath: path))
        case .otherApplication:
            let other = try Database(path: path, mode: .readWrite)
            try other.execute("CREATE TABLE notes (body TEXT)")
        }
    }

    @MainActor @Test(arguments: Unusable.allCases)
    func anUnusableFileIsMovedAsideWholeAndAFreshStoreStarts(_ kind: Unusable) throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try damage(path, kind)
        let before = TemporaryDirectory.fingerprint(path)
        // Tools get the error, and the file stays as it was.
        #expect(throws: StoreError.self) { _ = try RestorationStore(path: path) }
        #expect(TemporaryDirectory.fingerprint(path) == before, "the throwing open changed the file")

        let store = try RestorationStore(path: path, recovery: .moveAside)
        let recovery = try #require(store.recovery, "the \(kind) file was used as it was")
        let reason = ["truncated": "damaged", "garbage": "not-a-database", "empty": "not-a-database",
                      "newerSchema": "newer-schema", "olderSchema": "older-schema", "otherApplication": "not-navstate"][kind.rawValue] ?? "?"
        #expect(recovery.movedTo.hasPrefix(path + "." + reason + "-"), "\(recovery)")
        #expect(recovery.movedFiles.first == recovery.movedTo)
        #expect(TemporaryDirectory.fingerprint(recovery.movedTo) == before, "the moved file is not byte for byte the old one")
        #expect(recovery.description.contains(recovery.movedTo))
        // A fresh store, which saves and restores.
        #expect(try store.snapshots().isEmpty)
        let window = Window(application: Application())
        window.rootViewController = MailSampleRegistry.root()
        window.makeKeyAndVisible()
        #expect(try store.save(windows: [window], registry: MailSampleRegistry.make()).didSave)
        // A newer app reads its own state again where it went.
        if kind == .newerSchema {
            let moved = try Database(path: recovery.movedTo, mode: .readOnly)
            #expect(try moved.scalarInteger("SELECT count(*) FROM snapshot") == 1)
            #expect(try moved.scalarInteger("PRAGMA user_version") == Int64(Migrator.latestVersion + 1))
        }
    }

    @MainActor @Test func aUsableFileIsOpenedAsItIs() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try MailSampleRegistry.saveBeforeAndSession(at: path)
        let store = try RestorationStore(path: path, recovery: .moveAside)
        #expect(store.recovery == nil)
        #expect(try store.snapshots().count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasPrefix("state.sqlite.") }.isEmpty)
    }

    /// After `close()` the database file alone holds every snapshot: what a bug report attaches.
    @MainActor @Test func closeLeavesTheFileAloneHoldingEverySnapshot() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        let store = try RestorationStore(path: path)
        let window = Window(application: Application())
        window.rootViewController = MailSampleRegistry.root()
        window.makeKeyAndVisible()
        _ = try store.save(windows: [window], registry: MailSampleRegistry.make())
        _ = try store.save(windows: [window], registry: MailSampleRegistry.make())
        #expect((try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0 > 0,
                "the saves should still be in the -wal before close()")
        try store.close()
        try store.close()
        let copy = directory.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(try SnapshotInspector(path: copy).snapshots().count == 2)
        #expect(store.isClosed)
        #expect(throws: StoreError.closed(path: path)) { _ = try store.snapshots() }
        #expect(throws: StoreError.closed(path: path)) { _ = try store.save(windows: [window], registry: MailSampleRegistry.make()) }
    }

    /// An app that keeps its store in a global and never closes it: the exit does.
    @Test func aNormalExitLeavesTheFileAloneHoldingItsSnapshots() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        let run = try ChildProcess.runHelper(["save-and-return", path])
        #expect(run.status == 0 && run.output.contains("saved snapshot 1"), "\(run.output)")
        let copy = directory.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(try SnapshotInspector(path: copy).snapshots().map(\.metadata.label) == ["kept"])
    }

    /// Another process's write lock does not hold a restore up; the report says what it could
    /// not write.
    @MainActor @Test func aRestoreDoesNotWaitForAWriter() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try MailSampleRegistry.saveBeforeAndSession(at: path)
        let writer = try Database(path: path, mode: .readWrite)
        try writer.execute("BEGIN IMMEDIATE")
        // A timeout long enough that waiting for it would show as a run that never ends.
        let store = try RestorationStore(path: path, configuration: StoreConfiguration(busyTimeout: .seconds(3600)))
        let report = try store.restore(into: Window(application: Application()), registry: MailSampleRegistry.make())
        #expect(report.didRestore)
        #expect(report.snapshotID == 2)
        #expect(report.warnings.contains { $0.hasPrefix("the crash mark was not written: another connection held the write lock") })
        // The writer lets go before the store does: releasing the store writes the end of its probation.
        try writer.execute("ROLLBACK")
        try store.close()
    }

    /// The busy timeout is the configuration's: at 0, a save fails at once with a busy error.
    @MainActor @Test func theBusyTimeoutIsTheConfigurations() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try MailSampleRegistry.saveBeforeAndSession(at: path)
        let store = try RestorationStore(path: path, configuration: StoreConfiguration(busyTimeout: .zero))
        let writer = try Database(path: path, mode: .readWrite)
        try writer.execute("BEGIN IMMEDIATE")
        defer { try? writer.execute("ROLLBACK") }
        let window = Window(application: Application())
        window.rootViewController = MailSampleRegistry.root()
        window.makeKeyAndVisible()
        let error = #expect(throws: StoreError.self) { _ = try store.save(windows: [window], registry: MailSampleRegistry.make()) }
        guard case .database(let database) = error else { Issue.record("not a database error: \(String(describing: error))"); return }
        #expect(database.isBusy)
    }

    /// Scratch files of a creation whose process is gone are removed; a running one's stay.
    @Test func creatingAStoreRemovesWhatAKilledCreationLeft() throws {
        let directory = TemporaryDirectory()
        let gone = try runHelperPID()
        let abandoned = [".navstate-\(gone)-17.new", ".navstate-\(gone)-17.new-wal", ".navstate-\(gone)-17.new-shm"]
        let running = ".navstate-\(getpid())-18.new"
        for name in abandoned + [running, "notes.txt"] {
            #expect(FileManager.default.createFile(atPath: directory.path(name), contents: Data("x".utf8)))
        }
        _ = try RestorationStore(path: directory.path())
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        #expect(left == [running, "notes.txt", "state.sqlite"].sorted())
    }

    /// The id of a process that has ended.
    private func runHelperPID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
