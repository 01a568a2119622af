import ControllerKit
import Foundation
import StateRestoration

/// A true process death: the hierarchy is saved by a child process, which then exits, and the
/// test restores in its own process from nothing but the database file.
public enum ProcessDeath {
    /// The environment variable that tells a child process where to save.
    public static let environmentKey = "NAVSTATE_CHILD_SAVE_PATH"

    /// Call first thing in the child executable. When the parent asked for a save, builds the
    /// hierarchy with `build` into a window, shows it, saves it, and exits the process (status 0,
    /// or 1 with the error on standard error). Otherwise returns and the program goes on.
    @MainActor
    public static func saveIfRequested(registry: RestorationRegistry, configuration: StoreConfiguration = StoreConfiguration(),
                                       build: (Window) -> Void) {
        guard let path = ProcessInfo.processInfo.environment[environmentKey] else { return }
        do {
            let store = try RestorationStore(path: path, configuration: configuration)
            let window = Window(application: Application())
            build(window)
            window.makeKeyAndVisible()
            let report = try store.save(windows: [window], registry: registry)
            print(report)
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("child save failed: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Why the child process did not save.
    public struct ChildFailure: Error, CustomStringConvertible {
        /// The child's exit status, or the number of the signal that ended it.
        public var status: Int32
        /// What the child wrote to standard output and standard error.
        public var output: String
        public var description: String { "the child process exited with status \(status): \(output)" }
    }

    /// Runs `executable` (which calls ``saveIfRequested(registry:configuration:build:)`` first
    /// thing) so that it saves into `databasePath`, and waits for it to exit; returns its output.
    @discardableResult
    public static func saveInChildProcess(executable: URL, arguments: [String] = [], databasePath: String) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment[environmentKey] = databasePath
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw ChildFailure(status: process.terminationStatus, output: output)
        }
        return output
    }
}
