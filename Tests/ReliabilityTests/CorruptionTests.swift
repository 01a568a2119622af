import ControllerKit
import Foundation
import MailSample
import RestorationTesting
@testable import StateRestoration
import Testing
import TestSupport

/// The corruption corpus: a small database truncated at every page boundary, single bytes
/// flipped at many offsets, zeroed pages, and rows tampered with. Every case ends in a typed error
/// or a partial restore with a report: no crash, no hang, no unbounded memory, the file unchanged.
@MainActor
@Suite struct CorruptionTests {
    enum Outcome: Hashable { case refused, partial, restored, silentlyChanged }

    /// What a fixture holds, to tell a harmless flip from a silently changed value. Read from a
    /// copy: opening the fixture in place would leave SQLite's -shm beside it.
    static func originalContents(of fixture: URL) -> [String] {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-original-\(UUID().uuidString).sqlite").path
        defer { Database.removeFiles(atPath: copy) }
        guard (try? FileManager.default.copyItem(atPath: fixture.path, toPath: copy)) != nil else { return [] }
        return (try? contents(SnapshotInspector(path: copy).loadSnapshot())) ?? []
    }

    static let originalContents = originalContents(of: PackageFixture.schema5)

    static func contents(_ loaded: LoadedSnapshot) -> [String] {
        loaded.snapshot.controllers.map { record in
            var plain = record
            plain.values = [:]
            return "\(plain) \(PayloadCodec.encode(record.values).base64EncodedString())"
        }
    }

    /// Opens `path` read-only, reads the newest snapshot and restores it, as the inspector and the
    /// replay do; checks the file is unchanged. A whole restore must hold exactly the original.
    static func attempt(_ path: String, original: [String] = originalContents) -> (Outcome, String) {
        let before = FileManager.default.contents(atPath: path)
        defer {
            #expect(FileManager.default.contents(atPath: path) == before, "\(path) changed")
        }
        do {
            let inspector = try SnapshotInspector(path: path)
            _ = try inspector.integrityProblems()
            _ = try inspector.snapshots()
            let loaded = try inspector.loadSnapshot()
            let report = loaded.restore(into: [Window(application: Application())], registry: MailSample.makeRegistry())
            let whole = report.dropped.isEmpty && loaded.problems.isEmpty
            if whole, contents(loaded) != original {
                return (.silentlyChanged, LineDiff.unified(expected: original, actual: contents(loaded)) ?? "")
            }
            return (whole ? .restored : .partial, report.description)
        } catch {
            return (.refused, "\(error)")
        }
    }

    /// The first released schema, read through a migrated copy, and the current one, read in place.
    @Test(arguments: [PackageFixture.schema5, PackageFixture.schema8])
    func truncatedFlippedAndZeroedFilesEndInAnErrorOrAReport(fixture: URL) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try [UInt8](Data(contentsOf: fixture))
        let originalContents = Self.originalContents(of: fixture)
        #expect(!originalContents.isEmpty)
        let pageSize = 4096
        var cases: [(String, [UInt8])] = []
        for pages in 0..<(original.count / pageSize) {
            cases.append(("truncated to \(pages) pages", Array(original.prefix(pages * pageSize))))
        }
        cases.append(("truncated mid-page", Array(original.prefix(original.count - 1000))))
        for offset in stride(from: 0, to: original.count, by: 61) {
            var flipped = original
            flipped[offset] ^= 0xFF
            cases.append(("byte \(offset) flipped", flipped))
        }
        for page in 0..<(original.count / pageSize) {
            var zeroed = original
            for index in (page * pageSize)..<((page + 1) * pageSize) { zeroed[index] = 0 }
            cases.append(("page \(page) zeroed", zeroed))
        }
        var outcomes: [Outcome: Int] = [:]
        for (index, (name, bytes)) in cases.enumerated() {
            let path = directory.appendingPathComponent("case-\(index).sqlite").path
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            let (outcome, detail) = Self.attempt(path, original: originalContents)
            outcomes[outcome, default: 0] += 1
            // Losing whole pages loses data; cutting the unused tail of the last page may not.
            if outcome == .restored, name.hasPrefix("truncated to") { Issue.record("\(name) restored whole: \(detail)") }
            if outcome == .silentlyChanged { Issue.record("\(name) restored whole but changed: \(detail)") }
        }
        #expect(outcomes.values.reduce(0, +) == cases.count)
        #expect(outcomes[.silentlyChanged] == nil, "\(outcomes[.silentlyChanged] ?? 0) damaged files restored whole with different contents")
        #expect((outcomes[.refused] ?? 0) > 0)
        print("corruption corpus (\(fixture.lastPathComponent)): \(cases.count) damaged files: \(outcomes[.refused] ?? 0) refused with a typed error, \(outcomes[.partial] ?? 0) restored partly with a report, \(outcomes[.restored] ?? 0) restored whole (the damage was in unused bytes)")
    }
}

/// The fixtures the corpus damages.
enum PackageFixture {
    static let schema5 = PackageRoot.file("Tests/Fixtures/schema-5.sqlite")
    static let schema8 = PackageRoot.file("Tests/Fixtures/schema-8.sqlite")
}
