import Foundation
@testable import NavstateCLI
import StateRestoration
import Testing

/// What a new user meets at the command line: usage errors, suggestions, defaults, colour, and
/// the JSON shapes scripts depend on. All on a copy of `Tests/Fixtures/cli.sqlite`.
@Suite struct CLIUsageTests {
    private func run(_ arguments: [String]) throws -> CLI.Run {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        return try CLI.run(arguments, in: directory)
    }

    private func json(_ arguments: [String]) throws -> [String: Any] {
        let output = try run(arguments).output
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(arguments)")
    }

    // MARK: - Usage errors exit 64

    @Test func aNegativeSnapshotIdIsAUsageError() throws {
        let result = try run(["tree", "cli.sqlite", "--snapshot", "-1"])
        #expect(result.status == 64)
        #expect(result.error.contains("--snapshot -1: snapshot ids start at 1"))
    }

    @Test func anEmptyDatabasePathIsAUsageError() throws {
        let result = try run(["list", ""])
        #expect(result.status == 64)
        #expect(result.error.contains("the database path is empty"))
    }

    @Test func aMistypedCommandGetsTheClosestName() throws {
        let result = try run(["lst", "cli.sqlite"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("navstate: 'lst' is not a command; did you mean 'list'?"))
    }

    // MARK: - show and tree --paths

    @Test func showAcceptsATrailingSlash() throws {
        let result = try run(["show", "cli.sqlite", "/tabs/inbox/"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("/tabs/inbox\n"))
    }

    @Test func aMissedPathSuggestsTheClosestOnes() throws {
        let result = try run(["show", "cli.sqlite", "/tabs/inbx"])
        #expect(result.status == 1)
        #expect(result.error == "navstate: cli.sqlite: snapshot 3 has no controller at /tabs/inbx; did you mean /tabs/inbox, /tabs, /tabs/search?\n")
    }

    @Test func treePathsListsEveryPathShowAccepts() throws {
        let result = try run(["tree", "cli.sqlite", "--paths", "--snapshot", "1"])
        let paths = result.output.split(separator: "\n").map(String.init)
        #expect(paths == ["/tabs", "/tabs/inbox", "/tabs/inbox/mailboxes", "/tabs/inbox/messages", "/tabs/inbox/message",
                          "/tabs/search", "/tabs/settings", "/tabs/viewer", "/tabs/viewer/compose"])
        for path in paths {
            #expect(try run(["show", "cli.sqlite", path, "--snapshot", "1"]).status == 0, "\(path)")
        }
    }

    // MARK: - diff

    @Test func diffDefaultsToTheNewestAgainstThePrevious() throws {
        let implicit = try run(["diff", "cli.sqlite"])
        let explicit = try run(["diff", "cli.sqlite", "2", "3"])
        #expect(implicit.status == 0)
        #expect(implicit.output == explicit.output)
        #expect(implicit.output.hasPrefix("--- snapshot 2"))
    }

    @Test func diffShowsTitleViewAndAppearanceChanges() throws {
        let output = try run(["diff", "cli.sqlite", "1", "2"]).output
        #expect(output.contains("~ /tabs/search  appearance: disappeared → appeared"))
        #expect(output.contains("~ /tabs/inbox  view: unloaded → loaded"))
    }

    @Test func diffExitCodeSaysWhetherSnapshotsDiffer() throws {
        #expect(try run(["diff", "cli.sqlite", "1", "2", "--exit-code"]).status == 1)
        #expect(try run(["diff", "cli.sqlite", "3", "3", "--exit-code"]).status == 0)
        #expect(try run(["diff", "cli.sqlite", "1", "2"]).status == 0)
    }

    // MARK: - prune --dry-run

    @Test func pruneDryRunSaysWhatItWouldDoAndChangesNothing() throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cli.sqlite").path
        let before = FileManager.default.contents(atPath: path)
        let dry = try CLI.run(["prune", "cli.sqlite", "--keep", "1", "--dry-run"], in: directory)
        #expect(dry.status == 0)
        #expect(dry.output.hasPrefix("cli.sqlite: would delete 2 snapshots (1, 2), free "))
        #expect(FileManager.default.contents(atPath: path) == before)
        let real = try CLI.run(["prune", "cli.sqlite", "--keep", "1"], in: directory)
        #expect(real.output == dry.output.replacingOccurrences(of: "would delete", with: "deleted")
                                         .replacingOccurrences(of: ", free ", with: ", freed "))
    }

    // MARK: - Timestamps

    /// What `list` prints is the text the file stores, to the millisecond.
    @Test func timestampsPrintAsStored() throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        var stored: [String] = []
        do {
            let database = try Database(path: directory.appendingPathComponent("cli.sqlite").path, mode: .readOnly)
            try database.prepare("SELECT created_at FROM snapshot ORDER BY id DESC").forEachRow { row in
                stored.append(row.text(at: 0) ?? "")
            }
        }
        let listed = try CLI.run(["list", "cli.sqlite", "--json"], in: directory)
        let object = try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any]
        let printed = (object?["snapshots"] as? [[String: Any]])?.compactMap { $0["created_at"] as? String }
        #expect(stored.count == 3)
        #expect(printed == stored)
    }

    // MARK: - Colour

    @Test func colourFollowsTheFlagNoColorAndTerm() {
        #expect(ColorChoice.always.isEnabled(environment: ["NO_COLOR": "1"], isTerminal: false))
        #expect(!ColorChoice.never.isEnabled(environment: [:], isTerminal: true))
        #expect(ColorChoice.auto.isEnabled(environment: [:], isTerminal: true))
        #expect(ColorChoice.auto.isEnabled(environment: ["NO_COLOR": ""], isTerminal: true))  // empty means unset
        #expect(!ColorChoice.auto.isEnabled(environment: ["NO_COLOR": "1"], isTerminal: true))
        #expect(!ColorChoice.auto.isEnabled(environment: ["TERM": "dumb"], isTerminal: true))
        #expect(!ColorChoice.auto.isEnabled(environment: [:], isTerminal: false))
    }

    @Test func colourAlwaysColoursAPipe() throws {
        #expect(try run(["tree", "cli.sqlite", "--color", "always"]).output.contains("\u{1B}["))
        #expect(!(try run(["tree", "cli.sqlite"]).output.contains("\u{1B}[")))
    }

    // MARK: - JSON shapes

    @Test func everyJSONOutputNamesItsFormatAndVersion() throws {
        let outputs: [(String, [String])] = [
            ("navstate-list", ["list", "cli.sqlite", "--json"]), ("navstate-tree", ["tree", "cli.sqlite", "--json"]),
            ("navstate-show", ["show", "cli.sqlite", "/tabs", "--json"]), ("navstate-diff", ["diff", "cli.sqlite", "--json"]),
            ("navstate-verify", ["verify", "cli.sqlite", "--json"]), ("navstate-export", ["export", "cli.sqlite", "--format", "json"]),
            ("navstate-replay", ["replay", "cli.sqlite", "--json"]),
        ]
        for (format, arguments) in outputs {
            let object = try json(arguments)
            #expect(object["format"] as? String == format, "\(arguments)")
            #expect(object["format_version"] as? Int == 1, "\(arguments)")
        }
    }

    @Test func treeAndExportShareOneNodeShape() throws {
        func keys(_ object: [String: Any]) -> [Set<String>] {
            var found: [Set<String>] = []
            var pending = (object["roots"] as? [[String: Any]]) ?? []
            while let node = pending.popLast() {
                found.append(Set(node.keys))
                pending.append(contentsOf: (node["children"] as? [[String: Any]]) ?? [])
            }
            return found
        }
        let tree = try json(["tree", "cli.sqlite", "--json", "--snapshot", "1"])
        let export = try json(["export", "cli.sqlite", "--format", "json", "--snapshot", "1"])
        #expect(keys(tree).count == 9)
        #expect(keys(tree) == keys(export))
        #expect(Set(keys(tree).first ?? []) == ["id", "path", "identifier", "class", "class_version", "title", "relation", "window",
                                                "view_loaded", "appearance", "restoration_class", "values", "children"])
    }

    /// A trigger the schema does not define (this one would delete every snapshot at the next
    /// save) fails `verify`, with a stable code in its JSON; so does a missing migration record.
    @Test(arguments: [
        ("CREATE TRIGGER wipe AFTER INSERT ON snapshot BEGIN DELETE FROM snapshot WHERE id <> NEW.id; END",
         "trigger wipe is not part of navstate's schema"),
        ("CREATE VIEW peek AS SELECT id FROM snapshot", "view peek is not part of navstate's schema"),
        ("CREATE TABLE extra (x)", "table extra is not part of navstate's schema"),
        ("DELETE FROM schema_migration WHERE version = 3", "schema_migration records versions [1, 2, 4, 5, 6, 7, 8], not 1 to 8"),
    ])
    func verifyFailsASchemaNavstateDoesNotDefine(sql: String, problem: String) throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tamper = try CLI.run(binary: "navstate-test-helper", ["tamper", "cli.sqlite", sql], in: directory)
        #expect(tamper.status == 0, "\(tamper.error)")
        let verify = try CLI.run(["verify", "cli.sqlite"], in: directory)
        #expect(verify.status == 1)
        #expect(verify.output.contains("    " + problem + "\n"), "\(verify.output)")
        let object = try JSONSerialization.jsonObject(with: Data(try CLI.run(["verify", "cli.sqlite", "--json"], in: directory).output.utf8)) as? [String: Any]
        #expect((object?["schema_problems"] as? [[String: String]]) == [["code": "schema", "problem": problem]])
    }

    /// A snapshot quarantined after restores that crashed shows so in `list`, and `replay`
    /// still replays it, so a developer can see the crash.
    @Test func listShowsQuarantineAndReplayStillReplaysIt() throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        for _ in 0..<3 {
            _ = try CLI.run(binary: "navstate-test-helper", ["crash-after-showing", "cli.sqlite"], in: directory)
        }
        let list = try CLI.run(["list", "cli.sqlite"], in: directory)
        let lines = list.output.split(separator: "\n").map(String.init)
        #expect(lines.first { $0.hasPrefix(" 3 ") }?.contains("complete, quarantined (2 strikes)") == true, "\(list.output)")
        // The third run restored snapshot 2 instead, and died on it too: one strike, no probation
        // (its process is gone).
        #expect(lines.first { $0.hasPrefix(" 2 ") }?.contains("complete, 1 strike") == true, "\(list.output)")
        let replay = try CLI.run(["replay", "cli.sqlite", "--snapshot", "3"], in: directory)
        #expect(replay.status == 0, "\(replay.error)")
        #expect(replay.output.hasPrefix("replaying snapshot 3"))
    }

    @Test func helpShowsExamples() throws {
        for command in ["list", "sessions", "tree", "show", "diff", "verify", "export", "copy", "migrate", "prune", "replay", "demo"] {
            let help = try run([command, "--help"])
            #expect(help.output.contains("navstate \(command) "), "\(command)")
            #expect(help.output.contains("Examples:"), "\(command) --help has no examples")
        }
    }

    /// The demo's two windows come back each where it was (it exits 1 otherwise).
    @Test func theDemoRelaunchesTwoWindowsEachWhereItWas() throws {
        let directory = try CLI.emptyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let demo = try CLI.run(["demo", "--database", "demo.sqlite", "--color", "never"], in: directory)
        #expect(demo.status == 0, "\(demo.output)\(demo.error)")
        let relaunch = demo.output.components(separatedBy: "relaunch:").last ?? ""
        #expect(relaunch.contains("inbox: mailboxes › messages › message"), "\(demo.output)")
        #expect(relaunch.contains("search: \"budget\""), "\(demo.output)")
        let sessions = try CLI.run(["sessions", "demo-scenes.sqlite"], in: directory)
        #expect(sessions.output.split(separator: "\n").count == 3, "\(sessions.output)")
    }
}
