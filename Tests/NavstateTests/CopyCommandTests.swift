import Foundation
import StateRestoration
import Testing

/// `navstate copy`: one file holding every committed snapshot, for a bug report, while the app
/// still has its store open and recent writes sit in the -wal file.
@Suite struct CopyCommandTests {
    @Test func aCopyHoldsWhatTheWriteAheadLogHolds() throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cli.sqlite").path
        // An app's store, still open, whose last write (the prune) is in the -wal file only.
        let store = try RestorationStore(path: path)
        try store.prune(keeping: 1)
        let plainCopy = directory.appendingPathComponent("plain.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: plainCopy)
        #expect(try SnapshotInspector(path: plainCopy).snapshots().count == 3, "the file alone should still show the pruned snapshots")

        let run = try CLI.run(["copy", "cli.sqlite", "report.sqlite"], in: directory)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == "report.sqlite: 1 snapshot of cli.sqlite, in one file\n")
        let report = directory.appendingPathComponent("report.sqlite").path
        #expect(try SnapshotInspector(path: report).snapshots().map(\.id) == [3])
        #expect(!FileManager.default.fileExists(atPath: report + "-wal"))
        #expect(try store.snapshots().map(\.id) == [3])

        // Never over an existing file.
        let again = try CLI.run(["copy", "cli.sqlite", "report.sqlite"], in: directory)
        #expect(again.status == 1)
        #expect(again.error.contains("cannot create report.sqlite: File exists"), "\(again.error)")
    }
}
