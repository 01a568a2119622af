import ControllerKit
import Foundation
import MailSample
import RestorationTesting
import StateRestoration
import Testing
import TestSupport

/// A child process of the test helper, read line by line.
final class Child {
    let process = Process()
    private let output = Pipe()
    private var buffer = Data()

    init(_ arguments: [String]) throws {
        process.executableURL = PackageRoot.builtProduct("navstate-test-helper")
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    /// The next line, or `nil` at the end of the output.
    func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    /// Every remaining line, once the child has exited.
    func remainingLines() -> [String] {
        var lines: [String] = []
        while let line = nextLine() { lines.append(line) }
        process.waitUntilExit()
        return lines
    }

    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// What a snapshot holds, for comparing it across kills: everything but the crash mark, with
/// keyed values in their canonical (key-sorted) encoding.
func digest(_ snapshot: Snapshot) -> [String] {
    ["\(snapshot.metadata)"] + snapshot.controllers.map { record in
        var plain = record
        plain.values = [:]
        return "\(plain) \(PayloadCodec.encode(record.values).base64EncodedString())"
    }
}

/// Kills, concurrent readers and concurrent writers (docs/behaviour.md §3.5, §8.1).
@Suite(.serialized) struct KillTests {
    static var kills: Int {
        ProcessInfo.processInfo.environment["NAVSTATE_KILLS"].flatMap(Int.init) ?? 50
    }

    @Test func savesKilledAtRandomMomentsNeverLeaveAPartialSnapshot() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("killed.sqlite").path
        var random = SeededRandomNumberGenerator(seed: 0xDEAD)
        var digests: [Int64: [String]] = [:]
        var killedMidSave = 0
        var snapshotsChecked = 0
        for round in 0..<Self.kills {
            let child = try Child(["save-loop", path])
            let savesBeforeKill = Int.random(in: 0...3, using: &random)
            let killInsideASave = Bool.random(using: &random)
            var saved = 0
            while let line = child.nextLine() {
                if line.hasPrefix("saved") { saved += 1 }
                if saved >= savesBeforeKill, !killInsideASave || line.hasPrefix("begin") { break }
            }
            child.kill()
            #expect(child.process.terminationReason == .uncaughtSignal, "round \(round): the child ended on its own")
            if killInsideASave { killedMidSave += 1 }

            // The file must hold only complete snapshots, the old ones unchanged, and restore.
            let inspector = try SnapshotInspector(path: path)
            #expect(try inspector.integrityProblems() == [], "round \(round)")
            for summary in try inspector.snapshots() {
                let loaded = try inspector.loadSnapshot(id: summary.id)
                #expect(loaded.problems.isEmpty, "round \(round): snapshot \(summary.id): \(loaded.problems)")
                #expect(loaded.snapshot.controllers.count == summary.controllerCount, "round \(round): snapshot \(summary.id) is partial")
                let current = digest(loaded.snapshot)
                if let before = digests[summary.id], before != current {
                    Issue.record("round \(round): snapshot \(summary.id) changed after it was committed")
                }
                digests[summary.id] = current
                snapshotsChecked += 1
            }
            if try !inspector.snapshots().isEmpty {
                try await MainActor.run {
                    let store = try RestorationStore(path: path)
                    let window = Window(application: Application())
                    let report = try store.restore(into: window, registry: MailSample.makeRegistry())
                    #expect(report.didRestore && report.dropped.isEmpty, "round \(round): \(report)")
                    #expect(report.restored.count == 9)
                }
            }
        }
        #expect(killedMidSave > 0)
        print("kill test: \(Self.kills) SIGKILLs (\(killedMidSave) inside a save), \(snapshotsChecked) snapshot checks, nothing partial or lost")
    }

    @Test func aReaderDuringSavesNeverSeesAPartialSnapshot() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("shared.sqlite").path
        // Keeping one snapshot prunes on every save: a reader that read a snapshot in pieces
        // would see it vanish mid-read.
        let writer = try Child(["save-loop", path, "forever", "1"])
        // Wait for the first snapshot, so the reader has something to read.
        while let line = writer.nextLine(), !line.hasPrefix("saved") {}
        let reader = try Child(["read-loop", path, "300"])
        let lines = reader.remainingLines()
        writer.kill()
        #expect(reader.process.terminationStatus == 0, "\(lines.suffix(3))")
        #expect(lines.count == 300)
        #expect(lines.filter { $0.hasPrefix("ok") }.count > 0)
        // A snapshot pruned between the listing and the load is "gone": never partial.
        #expect(lines.allSatisfy { $0.hasPrefix("ok") || $0 == "busy" || $0 == "gone" },
                "\(lines.filter { !$0.hasPrefix("ok") && $0 != "busy" && $0 != "gone" })")
        print("reader test: \(lines.filter { $0.hasPrefix("ok") }.count) of 300 reads during saves saw a complete snapshot, \(lines.filter { $0 == "busy" }.count) a busy error, \(lines.filter { $0 == "gone" }.count) a snapshot pruned since the listing, none a partial one")
    }

    @Test func twoWritersAtOnceSerializeOrReportBusyAndNeverCorrupt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("writers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("contended.sqlite").path
        _ = try RestorationStore(path: path)
        let first = try Child(["save-loop", path, "25"])
        let second = try Child(["save-loop", path, "25"])
        let outputs = [first.remainingLines(), second.remainingLines()]
        for (index, lines) in outputs.enumerated() {
            let child = index == 0 ? first : second
            #expect(child.process.terminationStatus == 0, "writer \(index): \(lines.suffix(3))")
            #expect(lines.filter { $0.hasPrefix("saved") || $0.hasPrefix("busy") }.count == 25, "writer \(index): \(lines.suffix(3))")
        }
        let inspector = try SnapshotInspector(path: path)
        #expect(try inspector.integrityProblems() == [])
        for summary in try inspector.snapshots() {
            let loaded = try inspector.loadSnapshot(id: summary.id)
            #expect(loaded.problems.isEmpty && loaded.snapshot.controllers.count == summary.controllerCount)
        }
        let saves = outputs.joined().filter { $0.hasPrefix("saved") }.count
        #expect(saves > 0)
        print("writers test: 2 writers, 50 saves attempted, \(saves) serialized, \(50 - saves) refused busy, no corruption")
    }

    /// Six processes that find an empty file (as a sandbox or an app's installer may leave one)
    /// migrate it together: each sees a whole schema (a file left between two would be refused as
    /// too old) and saves, or is told the file is busy.
    @Test func writersOpeningAnEmptyFileTogetherAllSeeTheCurrentSchema() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("new-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("new.sqlite").path
        try #require(FileManager.default.createFile(atPath: path, contents: Data()))
        let writers = try (0..<6).map { _ in try Child(["save-loop", path, "3"]) }
        for (index, writer) in writers.enumerated() {
            let lines = writer.remainingLines()
            #expect(writer.process.terminationStatus == 0, "writer \(index): \(lines.suffix(3))")
            #expect(lines.filter { $0.hasPrefix("saved") || $0.hasPrefix("busy") }.count == 3,
                    "writer \(index): \(lines.suffix(3))")
        }
        let inspector = try SnapshotInspector(path: path)
        #expect(try inspector.schemaVersion() == Migrator.latestVersion)
        #expect(try inspector.integrityProblems() == [])
    }
}
