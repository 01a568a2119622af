import Foundation
import Testing
import TestSupport

/// Every command's output on `Tests/Fixtures/cli.sqlite` (written by
/// `swift run navstate-test-helper write-cli-fixture Tests/Fixtures/cli.sqlite`, then migrated
/// in place by `navstate migrate` when a schema is added, so that only the schema version
/// changes in the outputs) and `Tests/Fixtures/scenes.sqlite` (`write-scenes-fixture`), compared with
/// `Golden/`. After regenerating the fixture, `NAVSTATE_UPDATE_GOLDEN=1 swift test --filter
/// GoldenOutputTests` rewrites the goldens; review their diff before committing.
@Suite struct GoldenOutputTests {
    static let cases: [(name: String, arguments: [String])] = [
        ("list", ["list", "cli.sqlite"]),
        ("list-json", ["list", "cli.sqlite", "--json"]),
        ("tree", ["tree", "cli.sqlite"]),
        ("tree-snapshot-1", ["tree", "cli.sqlite", "--snapshot", "1"]),
        ("tree-json", ["tree", "cli.sqlite", "--json"]),
        ("show", ["show", "cli.sqlite", "/tabs/inbox/messages"]),
        ("show-compose", ["show", "cli.sqlite", "/tabs/viewer/compose", "--snapshot", "1"]),
        ("show-json", ["show", "cli.sqlite", "/tabs/inbox/messages", "--json"]),
        ("diff", ["diff", "cli.sqlite", "1", "2"]),
        ("diff-relaunch", ["diff", "cli.sqlite", "2", "3"]),
        ("diff-json", ["diff", "cli.sqlite", "1", "2", "--json"]),
        ("verify", ["verify", "cli.sqlite"]),
        ("verify-json", ["verify", "cli.sqlite", "--json"]),
        ("export-json", ["export", "cli.sqlite", "--format", "json", "--snapshot", "1"]),
        ("export-dot", ["export", "cli.sqlite", "--format", "dot", "--snapshot", "1"]),
        ("replay", ["replay", "cli.sqlite", "--snapshot", "1"]),
        ("migrate-dry-run", ["migrate", "cli.sqlite", "--dry-run"]),
        // Two windows of a scene app (`navstate-test-helper write-scenes-fixture`).
        ("sessions", ["sessions", "scenes.sqlite"]),
        ("sessions-json", ["sessions", "scenes.sqlite", "--json"]),
        ("sessions-default", ["sessions", "cli.sqlite"]),
        ("list-session", ["list", "scenes.sqlite", "--session", "mail-left"]),
        ("list-sessions", ["list", "scenes.sqlite"]),
        ("tree-session", ["tree", "scenes.sqlite", "--session", "mail-right"]),
        ("show-session", ["show", "scenes.sqlite", "/tabs/search", "--session", "mail-right"]),
        ("diff-session", ["diff", "scenes.sqlite"]),
        ("export-session", ["export", "scenes.sqlite", "--format", "dot", "--session", "mail-right"]),
    ]

    @Test(arguments: cases.map(\.name))
    func commandOutputMatchesItsGolden(name: String) throws {
        let arguments = try #require(Self.cases.first { $0.name == name }).arguments
        let directory = try CLI.workspace(withScenes: arguments.contains("scenes.sqlite"))
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = FileManager.default.contents(atPath: directory.appendingPathComponent("cli.sqlite").path)
        let run = try CLI.run(arguments, in: directory)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.isEmpty)
        try CLI.expectGolden(run.output, named: name)
        #expect(FileManager.default.contents(atPath: directory.appendingPathComponent("cli.sqlite").path) == before)
    }

    @Test func jsonOutputsParse() throws {
        let directory = try CLI.workspace(withScenes: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for arguments in Self.cases.map(\.arguments) where arguments.contains("--json") || arguments.contains("json") {
            let run = try CLI.run(arguments, in: directory)
            #expect((try? JSONSerialization.jsonObject(with: Data(run.output.utf8))) != nil, "\(arguments)")
        }
    }

    private func snapshotIDs(in directory: URL) throws -> [Int]? {
        let list = try CLI.run(["list", "cli.sqlite", "--json"], in: directory)
        let object = try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any]
        return (object?["snapshots"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }
    }

    @Test func pruneDeletesOlderSnapshotsAndSaysWhatItFreed() throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLI.run(["prune", "cli.sqlite", "--keep", "1"], in: directory)
        #expect(run.status == 0, "\(run.error)")
        try CLI.expectGolden(run.output, named: "prune")
        #expect(try snapshotIDs(in: directory) == [3])
        let again = try CLI.run(["prune", "cli.sqlite", "--keep", "1"], in: directory)
        #expect(again.output == "cli.sqlite: nothing to prune; it holds 1 snapshot or fewer\n")
        let verify = try CLI.run(["verify", "cli.sqlite"], in: directory)
        #expect(verify.status == 0, "\(verify.output)")
    }

    /// A session that is not there, and a snapshot of another session, are errors that say so.
    @Test func aSessionOptionNamingNoSessionOrAnotherSessionsSnapshotFails() throws {
        let directory = try CLI.workspace(withScenes: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let unknown = try CLI.run(["tree", "scenes.sqlite", "--session", "mail-middle"], in: directory)
        #expect(unknown.status == 1)
        #expect(unknown.error == "navstate: scenes.sqlite: there is no scene session mail-middle\n")
        let stranger = try CLI.run(["show", "scenes.sqlite", "/tabs", "--session", "mail-left", "--snapshot", "2"], in: directory)
        #expect(stranger.status == 1)
        #expect(stranger.error == "navstate: scenes.sqlite: snapshot 2 is not a snapshot of session mail-left; "
                + "`navstate list DB --session mail-left` lists them\n")
        let diff = try CLI.run(["diff", "scenes.sqlite", "1", "2", "--session", "mail-left"], in: directory)
        #expect(diff.status == 1)
        #expect(diff.error == "navstate: scenes.sqlite: snapshot 2 is not a snapshot of session mail-left\n")
        let empty = try CLI.run(["tree", "scenes.sqlite", "--session", ""], in: directory)
        #expect(empty.status == 64)
    }

    /// A session row edited without its checksum is a problem `verify` names.
    @Test func verifyReportsADamagedSessionRow() throws {
        let directory = try CLI.workspace(withScenes: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try tamper(path: directory.appendingPathComponent("scenes.sqlite").path,
                   "UPDATE scene_session SET configuration_name = 'Other' WHERE persistent_identifier = 'mail-right'", rechecksum: false)
        let verify = try CLI.run(["verify", "scenes.sqlite"], in: directory)
        #expect(verify.status == 1)
        let damaged = "scene session 2 is damaged: its scene_session row does not match its checksum"
        #expect(verify.output.contains("  session          scenes.sqlite: \(damaged)"), "\(verify.output)")
        let sessions = try CLI.run(["sessions", "scenes.sqlite"], in: directory)
        #expect(sessions.status == 1)
        #expect(sessions.output.contains("mail-left") && !sessions.output.contains("mail-right"), "\(sessions.output)")
    }

    @Test func migrateOnACurrentDatabaseDoesNothing() throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLI.run(["migrate", "cli.sqlite"], in: directory)
        #expect(run.status == 0)
        #expect(run.output == "cli.sqlite: schema version 8 is current; nothing to do\n")
    }

    @Test func migrateBringsTheFirstReleasedSchemaToTheCurrentSchema() throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let old = directory.appendingPathComponent("old.sqlite")
        try FileManager.default.copyItem(at: PackageRoot.file("Tests/Fixtures/schema-5.sqlite"), to: old)
        let refused = try CLI.run(["prune", "old.sqlite", "--keep", "1"], in: directory)
        #expect(refused.status != 0 && refused.error.contains("3 migration(s) pending"), "\(refused.error)")
        let dryRun = try CLI.run(["migrate", "old.sqlite", "--dry-run"], in: directory)
        #expect(dryRun.output == "would apply 0006_probation.sql\nwould apply 0007_restoring_process.sql\nwould apply 0008_scene_sessions.sql\n")
        let run = try CLI.run(["migrate", "old.sqlite"], in: directory)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == "applying 0006_probation.sql\napplying 0007_restoring_process.sql\napplying 0008_scene_sessions.sql\nold.sqlite: now at schema version 8\n")
        let verify = try CLI.run(["verify", "old.sqlite"], in: directory)
        #expect(verify.status == 0, "\(verify.output)\(verify.error)")
        #expect(verify.output.contains("schema version   8 (current)"), "\(verify.output)")
    }

    /// A file of a schema before the first release: every command refuses it, saying what to do.
    @Test func migrateAndVerifyRefuseASchemaBeforeTheFirstReleaseUnchanged() throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let old = directory.appendingPathComponent("old.sqlite")
        try FileManager.default.copyItem(at: PackageRoot.file("Tests/Fixtures/schema-1.sqlite"), to: old)
        let before = FileManager.default.contents(atPath: old.path)
        for arguments in [["migrate", "old.sqlite"], ["migrate", "old.sqlite", "--dry-run"], ["verify", "old.sqlite"]] {
            let run = try CLI.run(arguments, in: directory)
            #expect(run.status == 1 && run.output.isEmpty, "\(arguments): \(run.output)")
            #expect(run.error.hasPrefix("navstate: old.sqlite: the database has schema version 1, older than version 5"), "\(run.error)")
            #expect(run.error.contains("navstate 0.1.0's `navstate migrate` converts it"), "\(run.error)")
        }
        #expect(FileManager.default.contents(atPath: old.path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("old.sqlite") } == ["old.sqlite"])
    }

    @Test func usageErrorsExitWith64() throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        for arguments in [["bogus"], ["show", "cli.sqlite", "no-slash"], ["prune", "cli.sqlite", "--keep", "0"],
                          ["export", "cli.sqlite", "--format", "xml"], ["diff", "cli.sqlite", "1"], ["list"]] {
            let run = try CLI.run(arguments, in: directory)
            #expect(run.status == 64, "\(arguments): \(run.error)")
            #expect(!run.error.isEmpty)
        }
    }

    @Test func aMissingPathInTheSnapshotIsNamed() throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLI.run(["show", "cli.sqlite", "/tabs/nowhere"], in: directory)
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("navstate: cli.sqlite: snapshot 3 has no controller at /tabs/nowhere"))
    }
}
