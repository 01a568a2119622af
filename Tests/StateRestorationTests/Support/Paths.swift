import Foundation

/// Places in the package, found from this file so tests work from any working directory.
enum PackagePaths {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let migrations = root.appendingPathComponent("Migrations")
    static let fixtures = root.appendingPathComponent("Tests/Fixtures")

    /// The test helper executable, built beside the test bundle.
    static var helper: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("navstate-test-helper")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return root.appendingPathComponent(".build/debug/navstate-test-helper")
    }
}

/// Runs the test helper and returns how it ended.
func runHelper(_ arguments: [String]) throws -> (status: Int32, reason: Process.TerminationReason, output: String) {
    let process = Process()
    process.executableURL = PackagePaths.helper
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, process.terminationReason, output)
}

/// Edits the database at `path` with `sql` as a hand-edited file would be, in the test helper
/// (`tamper`): the schema's checks off, then, with `rechecksum`, every checksum rewritten so the
/// checks behind them are reached.
func tamper(path: String, _ sql: String, rechecksum: Bool = true) throws {
    let run = try runHelper(["tamper", path, sql] + (rechecksum ? ["rechecksum"] : []))
    guard run.status == 0 else { throw TamperingFailed(output: run.output) }
}

/// The helper could not apply a tampering.
struct TamperingFailed: Error {
    let output: String
}
