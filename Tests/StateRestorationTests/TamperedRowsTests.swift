import ControllerKit
import Foundation
import MailSample
@testable import StateRestoration
import Testing
import TestSupport

/// Rows changed behind the store's back: restore keeps what is sound and reports the rest; the
/// inspector lists every problem; nothing crashes and nothing changes the file.
@MainActor
@Suite struct TamperedRowsTests {
    /// A store holding tabs[stack[a, b], c] and the path.
    private func store() throws -> (RestorationStore, TemporaryDirectory) {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let window = Window(application: Application())
        window.rootViewController = Make.tabs("tabs", [Make.nav("stack", [Note("a"), Note("b")]), Note("c")])
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        _ = try store.save(windows: [window], registry: registry)
        return (store, directory)
    }

    /// Applies `sql` to the store's file as a hand-edited file would be.
    private func tamper(_ store: RestorationStore, _ sql: String, rechecksum: Bool = true) throws {
        try TestSupport.tamper(path: store.path, sql, rechecksum: rechecksum)
    }

    @Test func anEditWithoutAMatchingChecksumIsCaughtByTheChecksum() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        try tamper(store, "UPDATE payload SET bytes = x'0101017402' WHERE hash = (SELECT payload_hash FROM controller WHERE path = '/tabs/c')",
                   rechecksum: false)
        let (_, report) = try restore(store)
        #expect(report.dropped.map(\.path) == ["/tabs/c"])
        #expect(report.dropped.first?.reason == "its payload row does not match its checksum (the file was damaged or edited)")
    }

    @Test func anEditedSnapshotRowIsRefusedNamingTheSnapshot() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        try tamper(store, "UPDATE snapshot SET label = 'edited'", rechecksum: false)
        #expect(throws: StoreError.corruptSnapshot(path: store.path, snapshot: 1,
                                                   reason: "its snapshot row does not match its checksum (the file was damaged or edited)")) {
            _ = try store.snapshots()
        }
    }

    /// Damage spread over a large snapshot: problems come in row order, each naming its own row,
    /// and every sound row still restores.
    @Test func damageSpreadOverALargeSnapshotIsReportedInRowOrder() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let window = Window(application: Application())
        window.rootViewController = Make.tabs("tabs", [Make.nav("stack", (0..<2_500).map { Note("n\($0)") })])
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        _ = try store.save(windows: [window], registry: registry)
        let damaged = ["/tabs/stack/n3", "/tabs/stack/n700", "/tabs/stack/n701", "/tabs/stack/n2045", "/tabs/stack/n2046",
                       "/tabs/stack/n2499"]
        try tamper(store, damaged.map { "UPDATE controller SET title = 'edited' WHERE path = '\($0)';" }.joined(), rechecksum: false)

        let loaded = try store.loadSnapshot()
        let dropping = loaded.problems.filter(\.reason.dropsController)
        #expect(dropping.map(\.path) == damaged)
        #expect(dropping.allSatisfy { $0.reason == .checksumMismatch(table: "controller") })
        // The gaps the dropped rows leave are reported on their stack, once, after the row problems.
        #expect(loaded.problems.filter { !$0.reason.dropsController }.map(\.path) == ["/tabs/stack"])
        #expect(loaded.snapshot.controllers.count == 2_502 - damaged.count)
        let (restored, report) = try restore(store)
        #expect(report.dropped.map(\.path) == damaged)
        let stack = (restored.rootViewController?.children.first as? NavigationController)?.viewControllers ?? []
        #expect(stack.count == 2_500 - damaged.count)
        #expect((stack.last as? Note)?.text == "text of n2498")
    }

    private func restore(_ store: RestorationStore) throws -> (Window, RestoreReport) {
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        let window = Window(application: Application())
        return (window, try store.restore(into: window, registry: registry))
    }

    @Test func aDanglingParentDropsOnlyThatController() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        try tamper(store, "UPDATE controller SET parent_id = 999 WHERE path = '/tabs/c'")
        let (window, report) = try restore(store)
        #expect(report.dropped.map(\.path) == ["/tabs/c"])
        #expect(report.dropped.first?.reason == "its parent 999 does not exist")
        #expect((window.rootViewController as? TabBarController)?.viewControllers?.count == 1)
    }

    /// Saves number controllers densely from 1, and the reader finds parents by position then;
    /// an edited file's ids may be anything, and must link up just the same.
    @Test(arguments: ["node_id * 1000003", "-node_id", "node_id + 4611686018427387000"])
    func nodeIDsFarApartOrNegativeLinkUpAsSaved(_ renumbered: String) throws {
        let (store, directory) = try store()
        defer { _ = directory }
        let parent = renumbered.replacingOccurrences(of: "node_id", with: "parent_id")
        try tamper(store, "UPDATE controller SET node_id = \(renumbered), parent_id = \(parent)")
        let (window, report) = try restore(store)
        #expect(report.dropped.isEmpty)
        #expect(report.restored == ["/tabs", "/tabs/stack", "/tabs/stack/a", "/tabs/stack/b", "/tabs/c"])
        let tabs = window.rootViewController as? TabBarController
        #expect(tabs?.viewControllers?.map(\.restorationIdentifier) == ["stack", "c"])
    }

    /// What hangs from a dropped controller is reported in row order, as the file lists it, not
    /// in the order a walk down from the dropped one meets it. Here the stack (in the wrong
    /// window) holds a, which holds b, and c.
    @Test func controllersUnderADroppedOneAreReportedInRowOrder() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        try tamper(store, """
            UPDATE controller SET window_index = 1 WHERE path = '/tabs/stack';
            UPDATE controller SET parent_id = (SELECT node_id FROM controller WHERE path = '/tabs/stack/a'), relation = 'child',
                position = 0 WHERE path = '/tabs/stack/b';
            UPDATE controller SET parent_id = (SELECT node_id FROM controller WHERE path = '/tabs/stack'), position = 1
                WHERE path = '/tabs/c';
            """)
        let problems = try SnapshotInspector(path: store.path).loadSnapshot().problems
        #expect(problems.map(\.path) == ["/tabs/stack", "/tabs/stack/a", "/tabs/stack/b", "/tabs/c"])
    }

    /// Of two stack rows edited to one position, the first in row order is the top, as the
    /// highest position's first controller is.
    @Test func aStackWithTwoControllersAtItsTopPositionTopsWithTheFirst() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        try tamper(store, "UPDATE controller SET position = 0 WHERE path = '/tabs/stack/b'")
        let controllers = try SnapshotInspector(path: store.path).loadSnapshot().snapshot.controllers
        let tops = controllers.filter { $0.relation == .navigationStack(index: 0, isTop: true) }.map(\.pathString)
        #expect(tops == ["/tabs/stack/a"])
    }

    @Test func cyclicParentLinksAreDroppedWithoutLooping() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        try tamper(store, """
            UPDATE controller SET parent_id = (SELECT node_id FROM controller WHERE path = '/tabs/stack/b') WHERE path = '/tabs/stack/a';
            UPDATE controller SET parent_id = (SELECT node_id FROM controller WHERE path = '/tabs/stack/a'), relation = 'child' WHERE path = '/tabs/stack/b';
            """)
        let (window, report) = try restore(store)
        #expect(Set(report.dropped.map(\.path)) == ["/tabs/stack/a", "/tabs/stack/b"])
        #expect(report.dropped.allSatisfy { $0.reason.contains("cyclic") })
        let tabs = window.rootViewController as? TabBarController
        #expect((tabs?.viewControllers?.first as? NavigationController)?.viewControllers.isEmpty == true)
    }

    @Test func unknownRelationsStylesAndWrongTypesAreNamed() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        try tamper(store, """
            UPDATE controller SET relation = 'sideways' WHERE path = '/tabs/c';
            UPDATE controller SET appearance = 42 WHERE path = '/tabs/stack/b';
            """)
        let (_, report) = try restore(store)
        // The column's text affinity stores 42 as the text "42".
        #expect(report.dropped.map(\.reason).sorted() == [#"unknown appearance state "42""#, #"unknown relation "sideways""#])
    }

    @Test func aBrokenPayloadDropsItsControllerWithTheOffset() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        try tamper(store, "UPDATE payload SET bytes = x'01FF' WHERE hash = (SELECT payload_hash FROM controller WHERE path = '/tabs/c')")
        let (_, report) = try restore(store)
        #expect(report.dropped.map(\.path) == ["/tabs/c"])
        #expect(report.dropped.first?.reason == "keyed values do not decode: malformed payload at byte 2: truncated")
    }

    /// A container whose payload is broken is dropped with the reason a load gives, and what
    /// it holds with it; its siblings are restored. None of them is ever made: the registry's
    /// delegate, asked first for every controller, is never asked for them.
    @Test func aBrokenPayloadOfAContainerDropsItsSubtreeAndKeepsTheRest() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        // Payloads are shared by content (the tab bar's empty values are the stack's too): the
        // stack is given a broken payload of its own.
        try tamper(store, """
            INSERT INTO payload (hash, bytes) VALUES (12345, x'01FF');
            UPDATE controller SET payload_hash = 12345 WHERE path = '/tabs/stack';
            """)
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        let asked = AskedPaths()
        registry.delegate = asked
        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: registry)
        #expect(asked.paths == [["tabs"], ["tabs", "c"]])
        #expect(report.dropped.map(\.path) == ["/tabs/stack", "/tabs/stack/a", "/tabs/stack/b"])
        #expect(report.dropped.first?.reason == "keyed values do not decode: malformed payload at byte 2: truncated")
        #expect(report.restored == ["/tabs", "/tabs/c"])
        let tabs = try #require(window.rootViewController as? TabBarController)
        #expect(tabs.viewControllers?.map(\.restorationIdentifier) == ["c"])
        // The inspector, which decodes every payload before it answers, names the same row.
        let loaded = try store.loadSnapshot()
        #expect(loaded.problems.map(\.path).first == "/tabs/stack")
    }

    /// A controller whose `init?(coder:)` reads its coder takes its values then: a broken
    /// payload fails that read, and the controller is dropped with the payload's reason whether
    /// the initializer goes on or gives up.
    @Test(arguments: [false, true])
    func aBrokenPayloadReadInInitIsNamed(givingUp: Bool) throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let window = Window(application: Application())
        window.rootViewController = Make.tabs("tabs", [EagerNote("e"), Note("c")])
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        registry.register(EagerNote.self, as: "EagerNote")
        _ = try store.save(windows: [window], registry: registry)
        try tamper(store, "UPDATE payload SET bytes = x'01FF' WHERE hash = (SELECT payload_hash FROM controller WHERE path = '/tabs/e')")
        EagerNote.givesUpOnErrors = givingUp
        defer { EagerNote.givesUpOnErrors = false }
        let restored = Window(application: Application())
        let report = try store.restore(into: restored, registry: registry)
        #expect(report.dropped.map(\.path) == ["/tabs/e"])
        #expect(report.dropped.first?.reason == "keyed values do not decode: malformed payload at byte 2: truncated")
        #expect(report.restored == ["/tabs", "/tabs/c"])
    }

    @Test func aSecondRootAndNegativePositionsAreReported() throws {
        let (store, directory) = try store()
        defer { _ = directory }
        try tamper(store, """
            UPDATE controller SET parent_id = NULL, relation = 'root', position = 0 WHERE path = '/tabs/c';
            UPDATE controller SET position = -3 WHERE path = '/tabs/stack/b';
            """)
        let inspector = try SnapshotInspector(path: store.path)
        let problems = try inspector.loadSnapshot().problems
        #expect(problems.map(\.path).sorted() == ["/tabs/c", "/tabs/stack/b"])
        #expect(problems.contains { $0.reason == .secondRoot(window: 0) })
        #expect(problems.contains { $0.reason == .negativePosition(relation: "stack", position: -3) })
        let (window, report) = try restore(store)
        #expect(report.didRestore)
        #expect(window.rootViewController?.restorationIdentifier == "tabs")
        // Left out, so listed: a negative position is no harmless problem.
        #expect(report.dropped.map(\.path).sorted() == ["/tabs/c", "/tabs/stack/b"])
        #expect(report.dropped.first { $0.path == "/tabs/stack/b" }?.reason == "its stack position is -3, below zero")
    }

    @Test func theInspectorReadsWithoutChangingTheFileOrNeedingTheAppsClasses() throws {
        let (store, directory) = try store()
        let path = store.path
        let before = TemporaryDirectory.fingerprint(path)
        let inspector = try SnapshotInspector(path: path)
        let loaded = try inspector.loadSnapshot()
        #expect(loaded.problems.isEmpty)
        #expect(loaded.snapshot.controllers.map(\.pathString) == ["/tabs", "/tabs/stack", "/tabs/stack/a", "/tabs/stack/b", "/tabs/c"])
        #expect(loaded.snapshot.controllers.map(\.className) == ["TabBarController", "NavigationController", "Note", "Note", "Note"])
        #expect(loaded.snapshot.controllers[2].values["text"] == .string("text of a"))
        #expect(loaded.snapshot.controllers[1].relation == .tab(index: 0, isSelected: true))
        #expect(try inspector.snapshots().first?.controllerCount == 5)
        #expect(try inspector.integrityProblems() == [])
        #expect(TemporaryDirectory.fingerprint(path) == before)
        _ = directory
    }
}

/// Rows of a real session (the schema-5 fixture, migrated) tampered with through SQL, the
/// schema's checks off, with and without fresh checksums: never restored whole.
@MainActor
@Suite struct TamperingCorpusTests {
    nonisolated static let tamperings: [(String, String)] = [
        ("a wrong value type", "UPDATE controller SET view_loaded = 'yes' WHERE path = '/tabs/search'"),
        ("a dangling parent", "UPDATE controller SET parent_id = 4242 WHERE path = '/tabs/settings'"),
        ("a cyclic parent link", """
            UPDATE controller SET parent_id = (SELECT node_id FROM controller WHERE path = '/tabs/viewer/compose') WHERE path = '/tabs/viewer';
            """),
        ("duplicate paths", "UPDATE controller SET path = '/tabs/search' WHERE path = '/tabs/settings'"),
        // Only the last component of a stored path counts (the rest is the parent's): this row
        // would restore at /tabs/search, beside the real one.
        ("a path naming another parent", "UPDATE controller SET path = '/elsewhere/search' WHERE path = '/tabs/settings'"),
        ("an unknown class", "UPDATE controller SET class_name = 'NoSuchClass' WHERE path = '/tabs/inbox'"),
        ("a negative position", "UPDATE controller SET position = -7 WHERE path = '/tabs/inbox/messages'"),
        ("an unknown relation", "UPDATE controller SET relation = 'diagonal' WHERE path = '/tabs/search'"),
        ("a payload of garbage", "UPDATE payload SET bytes = randomblob(300) WHERE hash = (SELECT payload_hash FROM controller WHERE path = '/tabs/viewer')"),
        ("a 100 MB string", "UPDATE controller SET identifier = zeroblob(100000000) || '' WHERE path = '/tabs/search'"),
        ("a 20 MB payload", "UPDATE payload SET bytes = zeroblob(20000000) WHERE hash = (SELECT payload_hash FROM controller WHERE path = '/tabs/search')"),
        ("a future schema version", "PRAGMA user_version = 77"),
        ("a missing payload row", "DELETE FROM payload WHERE hash = (SELECT payload_hash FROM controller WHERE path = '/tabs/settings')"),
        ("a second root", "UPDATE controller SET parent_id = NULL, relation = 'root' WHERE path = '/tabs/search'"),
        ("bad metadata", "UPDATE snapshot SET created_at = 'yesterday'"),
    ]

    @Test(arguments: tamperings.map(\.0), [false, true])
    func tamperedRowsEndInAnErrorOrAPartialRestore(name: String, rechecksum: Bool) throws {
        let sql = try #require(Self.tamperings.first { $0.0 == name }).1
        let directory = TemporaryDirectory()
        let path = directory.path()
        try FileManager.default.copyItem(atPath: PackageRoot.file("Tests/Fixtures").appendingPathComponent("schema-5.sqlite").path, toPath: path)
        _ = try RestorationStore(path: path)
        try tamper(path: path, sql, rechecksum: rechecksum && !name.contains("schema"))
        do {
            let inspector = try SnapshotInspector(path: path)
            let loaded = try inspector.loadSnapshot()
            let report = loaded.restore(into: [Window(application: Application())], registry: MailSample.makeRegistry())
            #expect(!(report.dropped.isEmpty && loaded.problems.isEmpty), "\(name) went unnoticed: \(report)")
            // Every controller row is accounted for: restored, or dropped with its reason.
            let rows = try Database(path: path, mode: .readOnly).scalarInteger("SELECT count(*) FROM controller WHERE snapshot_id = ?",
                                                                                  [loaded.snapshot.id])
            let droppedControllers = report.dropped.filter { $0.path.hasPrefix("/") }
            #expect(Int64(report.restored.count + droppedControllers.count) == rows, "\(name): \(report)")
        } catch {
            // Refused with a typed error: noticed.
        }
    }
}

/// The read-only path on a file no connection has open (no -wal or -shm beside it).
@Suite struct ReadOnlyFixtureTests {
    @Test func theFixtureOpensReadOnlyUnchanged() throws {
        let directory = TemporaryDirectory()
        let copy = directory.path()
        try FileManager.default.copyItem(atPath: PackageRoot.file("Tests/Fixtures").appendingPathComponent("schema-5.sqlite").path, toPath: copy)
        let before = TemporaryDirectory.fingerprint(copy)
        let inspector = try SnapshotInspector(path: copy)
        let loaded = try inspector.loadSnapshot()
        #expect(loaded.problems.isEmpty)
        #expect(loaded.snapshot.controllers.count == 9)
        #expect(try inspector.integrityProblems() == [])
        #expect(TemporaryDirectory.fingerprint(copy) == before)
    }
}

/// Reads its coder in `init?(coder:)`, as a controller that needs a value to exist does.
final class EagerNote: ViewController {
    /// Whether `init?(coder:)` returns `nil` when its coder recorded an error.
    @MainActor static var givesUpOnErrors = false
    var text = ""

    convenience init(_ identifier: String) {
        self.init()
        restorationIdentifier = identifier
        text = "text of \(identifier)"
    }

    init() { super.init(nibName: nil, bundle: nil) }

    required init?(coder: Coder) {
        text = coder.decodeString(forKey: "text") ?? ""
        if Self.givesUpOnErrors, coder.error != nil { return nil }
        super.init(coder: coder)
    }

    override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(text, forKey: "text")
    }
}

/// Records every path a restore asks for, and supplies nothing.
@MainActor
private final class AskedPaths: RestorationDelegate {
    var paths: [[String]] = []

    func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController? {
        paths.append(identifierComponents)
        return nil
    }
}
