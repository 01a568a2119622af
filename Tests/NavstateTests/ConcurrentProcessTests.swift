import Foundation
import Testing
import TestSupport

/// Several processes on one file, as the CLI and an app meet it: opening and migrating serialize,
/// and inspectors read a consistent file while another process saves and prunes.
@Suite(.serialized) struct ConcurrentProcessTests {
    /// Six processes open (creating) one new file and save at once, four times over: every one
    /// succeeds. Before migrations serialized, creating the schema raced ("table
    /// schema_migration already exists", "database is locked").
    @Test func processesCreatingOneFileAtOnceAllSucceed() throws {
        let directory = try CLI.emptyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for round in 0..<4 {
            let name = "new-\(round).sqlite"
            let runs = try CLI.runTogether(Array(repeating: ["navstate-test-helper", "save-loop", name, "1"], count: 6), in: directory)
            for run in runs {
                #expect(run.status == 0, "round \(round): \(run.error)\(run.output.suffix(300))")
            }
        }
    }

    /// Six processes open one file of an older schema at once: one migrates, the others see it
    /// migrated, and all of them save.
    @Test func processesMigratingOneFileAtOnceAllSucceed() throws {
        let directory = try CLI.emptyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for round in 0..<3 {
            let name = "old-\(round).sqlite"
            try FileManager.default.copyItem(at: PackageRoot.file("Tests/Fixtures/schema-\(round + 5).sqlite"),
                                             to: directory.appendingPathComponent(name))
            let runs = try CLI.runTogether(Array(repeating: ["navstate-test-helper", "save-loop", name, "1"], count: 6), in: directory)
            for run in runs {
                #expect(run.status == 0, "schema \(round + 5): \(run.error)\(run.output.suffix(300))")
            }
            let verify = try CLI.run(["verify", name], in: directory)
            #expect(verify.status == 0, "\(verify.output)\(verify.error)")
        }
    }

    /// `list` and `verify` on a healthy file while another process saves and prunes on every
    /// save: each reads one consistent state, so none fails and none reports a problem.
    @Test func inspectorsReadAHealthyFileWhileAnotherProcessSavesAndPrunes() throws {
        let directory = try CLI.emptyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try CLI.run(binary: "navstate-test-helper", ["save-loop", "busy.sqlite", "1"], in: directory)
        #expect(first.status == 0)
        let writer = Process()
        writer.executableURL = PackageRoot.builtProduct("navstate-test-helper")
        writer.arguments = ["save-loop", "busy.sqlite", "forever", "1"]
        writer.currentDirectoryURL = directory
        writer.standardOutput = FileHandle.nullDevice
        writer.standardError = FileHandle.nullDevice
        try writer.run()
        defer {
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
        }
        var failures: [String] = []
        for _ in 0..<15 {
            for command in [["list", "busy.sqlite"], ["verify", "busy.sqlite"], ["tree", "busy.sqlite"]] {
                let run = try CLI.run(command, in: directory)
                if run.status != 0 { failures.append("\(command[0]): \(run.error)\(run.output.suffix(200))") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failed, first: \(failures.first ?? "")")
    }
}
