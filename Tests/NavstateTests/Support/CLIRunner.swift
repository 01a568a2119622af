import Foundation
import Testing

/// Runs the built `navstate` binary as a user would, and compares outputs with golden files.
enum CLI {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixture = packageRoot.appendingPathComponent("Tests/Fixtures/cli.sqlite")
    static let goldens = packageRoot.appendingPathComponent("Tests/NavstateTests/Golden")

    static func binary(_ name: String) -> URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/\(name)")
    }

    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs `navstate arguments` in `directory`, with no terminal and no colour.
    static func run(_ arguments: [String], in directory: URL) throws -> Run {
        try run(binary: "navstate", arguments, in: directory)
    }

    /// Runs the built `binary` with `arguments` in `directory` to its end.
    static func run(binary name: String, _ arguments: [String], in directory: URL) throws -> Run {
        try run(executable: binary(name), arguments, in: directory)
    }

    /// Runs `executable` with `arguments` in `directory` to its end, with no colour.
    static func run(executable: URL, _ arguments: [String], in directory: URL) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes before waiting, so a large output cannot block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                   error: String(decoding: errorData, as: UTF8.self))
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

    /// A fresh directory holding a copy of the fixture as `cli.sqlite`.
    static func workspace() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture, to: directory.appendingPathComponent("cli.sqlite"))
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
            Issue.record("""
                \(name) differs from Golden/\(name).txt (NAVSTATE_UPDATE_GOLDEN=1 rewrites it):
                \(lineDiff(expected: expected, actual: actual))
                """, sourceLocation: sourceLocation)
        }
    }

    /// The lines that differ, `-` expected and `+` actual, with their line numbers.
    static func lineDiff(expected: String, actual: String) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        var lines: [String] = []
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? old[index] : nil
            let after = index < new.count ? new[index] : nil
            if before != after {
                if let before { lines.append("\(index + 1) - \(before)") }
                if let after { lines.append("\(index + 1) + \(after)") }
            }
        }
        return lines.joined(separator: "\n")
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
