import Foundation

/// How a child process ended and what it wrote.
public struct ChildProcessRun: Sendable {
    /// The exit status, or the number of the signal that ended it (see ``reason``).
    public var status: Int32
    public var reason: Process.TerminationReason
    public var output: String
    public var error: String

    /// Whether it exited normally with status 0.
    public var succeeded: Bool { reason == .exit && status == 0 }
}

/// Runs programs to their end, as a user or another process would.
///
/// ```swift
/// let run = try ChildProcess.run(PackageRoot.builtProduct("navstate"), ["list", "state.sqlite"])
/// #expect(run.succeeded)
/// ```
public enum ChildProcess {
    /// Runs `executable` with `arguments` in `directory` (the current one when `nil`), with
    /// `environment` added to this process's and colour turned off, and waits for its end.
    /// Standard error goes to a file while standard output is read, so that neither can fill up
    /// and stall the child.
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                           environment: [String: String] = [:]) throws -> ChildProcessRun {
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-child-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errorFile.path])
        }
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"].merging(environment) { $1 }) { $1 }
        let output = Pipe()
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        defer { try? errorHandle.close() }
        process.standardOutput = output
        process.standardError = errorHandle
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = FileManager.default.contents(atPath: errorFile.path) ?? Data()
        return ChildProcessRun(status: process.terminationStatus, reason: process.terminationReason,
                               output: String(decoding: outputData, as: UTF8.self),
                               error: String(decoding: errorData, as: UTF8.self))
    }

    /// Runs `navstate-test-helper` (Sources/navstate-test-helper) with `arguments`.
    public static func runHelper(_ arguments: [String], in directory: URL? = nil) throws -> ChildProcessRun {
        try run(PackageRoot.builtProduct("navstate-test-helper"), arguments, in: directory)
    }
}
