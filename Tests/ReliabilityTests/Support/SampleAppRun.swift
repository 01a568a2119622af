import Foundation
import TestSupport

/// One of the sample apps (`Sources/navstate-*-app`), launched as child processes against one
/// state file in a directory of its own; ``remove()`` deletes it (not `deinit`: the value's last
/// use may come before the last child's).
final class SampleAppRun {
    private let directory: URL
    /// The app's state file.
    let stateFile: String
    private let binary: String
    private let environment: [String: String]
    private let errorPath: String

    /// The app `name`, told its state file through the environment variable `stateFileVariable`.
    init(_ name: String, stateFileVariable: String = "TEMPLATE_STATE_FILE") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        binary = PackageRoot.builtProduct(name).path
        var environment = ProcessInfo.processInfo.environment
        stateFile = directory.appendingPathComponent("state.sqlite").path
        environment[stateFileVariable] = stateFile
        self.environment = environment
        errorPath = directory.appendingPathComponent("stderr.txt").path
    }

    /// Deletes the directory and the state file in it.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Launches the app, with `extra` added to its environment, its system events on stdin.
    func launch(_ extra: [String: String] = [:]) throws -> LaunchModelChild {
        try LaunchModelChild(binary, [], environment: environment.merging(extra) { $1 }, errorPath: errorPath, input: true)
    }
}

extension LaunchModelChild {
    /// What the app prints until it prints `last`, that line included.
    func lines(until last: String) throws -> [String] {
        var lines: [String] = []
        while let line = try nextLine() {
            lines.append(line)
            if line == last { return lines }
        }
        throw LaunchModelMismatch(message: "the app ended before printing \"\(last)\": \(lines); \(errorTail())")
    }

    /// Sends the app to the background, then a memory warning, whose lines show that the
    /// background's work, its saves included, is done; what the app prints until `last`, that
    /// line included. Then the app is killed, as the system kills a background app.
    func backgroundThenKill(printingUntil last: String) throws -> [String] {
        try send("background")
        try send("memory-warning")
        let printed = try lines(until: last)
        kill()
        return printed
    }

    /// Terminates the app: what it prints until `willTerminate`, that line included, once it
    /// has exited.
    func terminate() throws -> [String] {
        try send("terminate")
        let printed = try lines(until: "willTerminate")
        wait()
        return printed
    }
}
