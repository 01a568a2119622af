import Foundation
import RestorationTesting
import Testing
import TestSupport

/// Runs the built `navstate` binary as a user would, and compares outputs with golden files.
enum CLI {
    static let fixture = PackageRoot.file("Tests/Fixtures/cli.sqlite")
    /// Two scene sessions of the sample (`navstate-test-helper write-scenes-fixture`).
    static let scenesFixture = PackageRoot.file("Tests/Fixtures/scenes.sqlite")
    static let goldens = PackageRoot.file("Tests/NavstateTests/Golden")

    typealias Run = ChildProcessRun

    /// Runs `navstate arguments` in `directory`, with no terminal and no colour.
    static func run(_ arguments: [String], in directory: URL) throws -> Run {
        try run(binary: "navstate", arguments, in: directory)
    }

    /// Runs the built `binary` with `arguments` in `directory` to its end.
    static func run(binary name: String, _ arguments: [String], in directory: URL) throws -> Run {
        try ChildProcess.run(PackageRoot.builtProduct(name), arguments, in: directory)
    }

    /// Runs every command of `commands` (binary name first) at once, and waits for them all.
    static func runTogether(_ commands: [[String]], in directory: URL) throws -> [Run] {
        let group = DispatchGroup()
        let results = ResultBox(count: commands.count)
        for (index, command) in commands.enumerated() {
            group.enter()
            Thread.detachNewThread {
                results.set(index, Result { try run(binary: command[0], Array(command.dropFirst()), in: directory) })
                group.leave()
            }
        }
        group.wait()
        return try results.all()
    }

    /// A fresh empty directory.
    static func emptyDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A fresh directory holding a copy of the fixture as `cli.sqlite`, and `withScenes`, of the
    /// scenes fixture as `scenes.sqlite`.
    static func workspace(withScenes: Bool = false) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture, to: directory.appendingPathComponent("cli.sqlite"))
        if withScenes { try FileManager.default.copyItem(at: scenesFixture, to: directory.appendingPathComponent("scenes.sqlite")) }
        return directory
    }

    /// Compares `actual` with `Golden/<name>.txt`; `NAVSTATE_UPDATE_GOLDEN=1` rewrites the file.
    static func expectGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = goldens.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["NAVSTATE_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        if actual != expected {
            let diff = LineDiff.unified(expected: expected.components(separatedBy: "\n"), actual: actual.components(separatedBy: "\n"),
                                        expectedLabel: "Golden/\(name).txt", actualLabel: "output") ?? ""
            Issue.record("""
                \(name) differs from Golden/\(name).txt (NAVSTATE_UPDATE_GOLDEN=1 rewrites it):
                \(diff)
                """, sourceLocation: sourceLocation)
        }
    }
}

/// The results of runs on several threads, filled in by index.
final class ResultBox: @unchecked Sendable {
    // Guarded by `lock`.
    private var results: [Result<CLI.Run, any Error>?]
    private let lock = NSLock()

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<CLI.Run, any Error>) {
        lock.withLock { results[index] = result }
    }

    func all() throws -> [CLI.Run] {
        try lock.withLock { try results.map { try ($0 ?? .failure(CocoaError(.featureUnsupported))).get() } }
    }
}
