import Foundation
import StateRestoration
import Testing
import TestSupport

/// The bad-input corpus: every command, on every kind of bad file, exits 1 with a message that
/// names the file, never crashes, and leaves the file's bytes as they were.
@Suite struct BadInputTests {
    /// Every command, with `DB` where the database goes.
    static let commands: [[String]] = [
        ["list", "DB"], ["tree", "DB"], ["show", "DB", "/tabs"], ["diff", "DB", "1", "2"], ["verify", "DB"],
        ["export", "DB", "--format", "json"], ["export", "DB", "--format", "dot"], ["migrate", "DB"],
        ["migrate", "DB", "--dry-run"], ["prune", "DB", "--keep", "1"], ["replay", "DB"], ["sessions", "DB"],
        ["tree", "DB", "--session", "default"],
    ]

    static let inputs = ["random-bytes", "empty", "truncated", "text", "directory", "missing", "other-app",
                         "newer-schema", "tampered-types", "tampered-dangling", "rechecked-dangling"]

    /// Makes the bad input `kind` in `directory`; returns its file name.
    static func make(_ kind: String, in directory: URL) throws -> String {
        let name = "\(kind).sqlite"
        let path = directory.appendingPathComponent(name).path
        func tamper(_ sql: String) throws {
            try FileManager.default.copyItem(atPath: CLI.fixture.path, toPath: path)
            try TestSupport.tamper(path: path, sql, rechecksum: kind == "rechecked-dangling")
        }
        switch kind {
        case "random-bytes":
            var generator = SeededBytes(seed: 7)
            _ = FileManager.default.createFile(atPath: path, contents: Data((0..<8192).map { _ in generator.next() }))
        case "empty":
            _ = FileManager.default.createFile(atPath: path, contents: Data())
        case "truncated":
            let whole = try Data(contentsOf: CLI.fixture)
            _ = FileManager.default.createFile(atPath: path, contents: whole.prefix(whole.count / 2 + 100))
        case "text":
            _ = FileManager.default.createFile(atPath: path, contents: Data("this is a note, not a database\n".utf8))
        case "directory":
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case "missing":
            break
        case "other-app":
            let database = try Database(path: path, mode: .readWrite)
            try database.execute("CREATE TABLE contacts (name TEXT)")
        case "newer-schema":
            try tamper("PRAGMA user_version = 42")
        case "tampered-types":
            try tamper("UPDATE controller SET position = 'not a number' WHERE path = '/tabs/search'")
        case "tampered-dangling":
            try tamper("UPDATE controller SET parent_id = 999 WHERE path = '/tabs/search'")
        case "rechecked-dangling":
            // Checksums rewritten: the structural check, not the checksum, must catch it.
            try tamper("UPDATE controller SET parent_id = 999 WHERE path = '/tabs/search'")
        default:
            Issue.record("unknown input \(kind)")
        }
        return name
    }

    @Test(arguments: inputs)
    func everyCommandRefusesWithoutChangingTheFile(input: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = try Self.make(input, in: directory)
        let path = directory.appendingPathComponent(name).path
        let before = FileManager.default.contents(atPath: path)
        for command in Self.commands {
            let arguments = command.map { $0 == "DB" ? name : $0 }
            let run = try CLI.run(arguments, in: directory)
            #expect(run.status == 1, "\(input): \(arguments) exited \(run.status): \(run.error)")
            #expect(run.error.contains("navstate: \(name)"), "\(input): \(arguments) did not name the file: \(run.error)")
            #expect(!run.error.contains("Fatal error") && !run.error.contains("Stack dump"), "\(input): \(arguments)")
            #expect(FileManager.default.contents(atPath: path) == before, "\(input): \(arguments) changed the file")
        }
        if input == "missing" { #expect(FileManager.default.fileExists(atPath: path) == false) }
    }
}

/// Deterministic bytes for the corpus.
struct SeededBytes {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt8 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt8(truncatingIfNeeded: state >> 33)
    }
}
