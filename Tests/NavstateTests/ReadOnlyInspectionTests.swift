import Foundation
import Testing
import TestSupport

/// Inspecting never leaves files behind, and works where nothing can be written.
@Suite struct ReadOnlyInspectionTests {
    /// Every inspector on a file with no -wal leaves none behind, nor a -shm, and the file's
    /// bytes as they were (a read-only connection used to leave both).
    @Test func inspectorsLeaveNoLogFilesBehind() throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cli.sqlite").path
        let before = FileManager.default.contents(atPath: path)
        for arguments in [["list", "cli.sqlite"], ["tree", "cli.sqlite"], ["show", "cli.sqlite", "/tabs"], ["diff", "cli.sqlite"],
                          ["verify", "cli.sqlite"], ["export", "cli.sqlite", "--format", "json"], ["replay", "cli.sqlite"]] {
            let run = try CLI.run(arguments, in: directory)
            #expect(run.status == 0, "\(arguments): \(run.error)")
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            #expect(left == ["cli.sqlite"], "\(arguments) left \(left)")
        }
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    /// A file in a directory its reader cannot write is read (as immutable), with a note saying
    /// what could not be done.
    @Test(.enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aFileInAReadOnlyDirectoryIsRead() throws {
        let directory = try CLI.workspace()
        defer {
            chmod(directory.path, 0o755)
            try? FileManager.default.removeItem(at: directory)
        }
        chmod(directory.appendingPathComponent("cli.sqlite").path, 0o644)
        chmod(directory.path, 0o555)
        let run = try listWithoutRootsPermissions(in: directory)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("relaunch"))
        #expect(run.error.contains("read-only, so it is read without locks"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["cli.sqlite"])
    }

    /// A file its reader may not open is reported as such, not as a read-only directory: the
    /// directory here is writable, and a -wal beside the file makes the message matter.
    @Test(.enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func anUnreadableFileIsNotBlamedOnItsDirectory() throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        chmod(directory.appendingPathComponent("cli.sqlite").path, 0o000)
        try #require(FileManager.default.createFile(atPath: directory.appendingPathComponent("cli.sqlite-wal").path, contents: Data()))
        chmod(directory.path, 0o777)
        let run = try listWithoutRootsPermissions(in: directory)
        #expect(run.status != 0)
        #expect(run.error.contains("cli.sqlite"))
        #expect(!run.error.contains("directory is read-only"), "\(run.error)")
    }

    /// Runs `navstate list cli.sqlite` in `directory`; as `nobody` when the tests run as root,
    /// whom file permissions do not stop.
    private func listWithoutRootsPermissions(in directory: URL) throws -> ChildProcessRun {
        let navstate = PackageRoot.builtProduct("navstate")
        guard geteuid() == 0 else { return try ChildProcess.run(navstate, ["list", "cli.sqlite"], in: directory) }
        return try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                    ["--reuid=65534", "--regid=65534", "--clear-groups", navstate.path, "list", "cli.sqlite"],
                                    in: directory)
    }
}
