import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

/// The SQLite layer and the store's files (docs/behaviour.md §8).
@Suite struct DatabaseTests {
    @Test func aNewStoreIsOwnerOnlyWalWithForeignKeysAndTheLatestSchema() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        let store = try RestorationStore(path: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        try store.withDatabase { database in
            #expect(try database.prepare("PRAGMA journal_mode").step())
            let mode = try database.prepare("PRAGMA journal_mode")
            _ = try mode.step()
            #expect(mode.text(at: 0) == "wal")
            #expect(try database.scalarInteger("PRAGMA foreign_keys") == 1)
            #expect(try database.scalarInteger("PRAGMA busy_timeout") == Int64(Database.busyTimeoutMilliseconds))
            #expect(try database.scalarInteger("PRAGMA application_id") == Migrator.applicationID)
        }
        #expect(try store.schemaVersion() == Migrator.latestVersion)
    }

    /// The controller table's relation check takes the six relations and nothing else (case
    /// included), without a temporary index per inserted row (an `IN` list builds one), and a
    /// controller row is one B-tree entry: no index beside it.
    @Test func theRelationCheckRefusesUnknownRelationsAndAnInsertIsOneEntry() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        try store.withDatabase { database in
            try database.execute("""
                INSERT INTO snapshot (id, created_at, app_version, app_build, schema_version, platform, window_count, controller_count, checksum)
                VALUES (1, '2026-01-01T00:00:00.000Z', '1', '1', 5, 'x', 1, 1, 0)
                """)
            let insert = """
                INSERT INTO controller (snapshot_id, node_id, parent_id, path, identifier, window_index, relation, position,
                                        is_selected, is_collapsed, view_loaded, appearance, class_name, class_version, payload_hash, checksum)
                VALUES (1, ?, NULL, ?, 'a', 0, ?, 0, 0, 0, 0, 'disappeared', 'A', 0, 1, 0)
                """
            let relations = ["root", "stack", "tab", "column", "child", "presented"]
            for (index, relation) in relations.enumerated() {
                try database.execute(insert, [index + 1, "/\(relation)", relation])
            }
            for (index, wrong) in ["bogus", "Root", ""].enumerated() {
                #expect(throws: DatabaseError.self, "\(wrong)") { try database.execute(insert, [100 + index, "/\(index)", wrong]) }
            }
            #expect(try database.scalarInteger("SELECT count(*) FROM controller") == Int64(relations.count))
            var opcodes: [String] = []
            try database.prepare("EXPLAIN " + insert).forEachRow([200, "/x", "tab"]) { row in opcodes.append(row.text(at: 1) ?? "") }
            #expect(!opcodes.contains("OpenEphemeral"), "\(opcodes)")
            // The row itself: controller is a WITHOUT ROWID table, stored as an index.
            #expect(opcodes.filter { $0 == "IdxInsert" }.count == 1, "\(opcodes)")
        }
    }

    @Test func textBindsWholeAndEmptyTextStaysText() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path(), mode: .readWrite)
        try database.execute("CREATE TABLE t (value)")
        let texts = ["", "a\u{0}b", "héllo 🌍", String(repeating: "long ", count: 20)]
        for text in texts { try database.execute("INSERT INTO t VALUES (?)", [text]) }
        var read: [DatabaseValue] = []
        try database.prepare("SELECT value FROM t ORDER BY rowid").forEachRow { row in read.append(row.value(at: 0)) }
        #expect(read == texts.map { DatabaseValue.text($0) })
    }

    /// Blobs read back whole, an empty one as an empty blob; a column holding something else
    /// reads as no blob.
    @Test func blobsReadBackWholeAndOnlyFromBlobColumns() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path(), mode: .readWrite)
        try database.execute("CREATE TABLE t (value)")
        let values: [DatabaseValue] = [.blob(Data([0, 1, 255])), .blob(Data()), .text("not a blob"), .null, .integer(3)]
        for value in values { try database.execute("INSERT INTO t VALUES (?)", [value]) }
        var read: [[UInt8]?] = []
        try database.prepare("SELECT value FROM t ORDER BY rowid").forEachRow { row in
            read.append(row.blob(at: 0).map { Array($0) })
        }
        #expect(read == [[0, 1, 255], [], nil, nil, nil])
    }

    @Test func openingAMissingFileReadOnlyFailsAndCreatesNothing() {
        let directory = TemporaryDirectory()
        let path = directory.path("missing.sqlite")
        #expect {
            _ = try Database(path: path, mode: .readOnly)
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains("no such file")
        }
        #expect(FileManager.default.fileExists(atPath: path) == false)
    }

    @Test func aDirectoryIsNamedAsSuch() {
        let directory = TemporaryDirectory()
        #expect {
            _ = try RestorationStore(path: directory.url.path)
        } throws: { error in
            "\(error)".contains(directory.url.path) && "\(error)".contains("is a directory")
        }
    }

    @Test(arguments: ["random bytes", "a text file", "empty"])
    func aFileThatIsNotADatabaseIsRefusedUnchanged(kind: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        var generator = SystemRandomNumberGenerator()
        let contents: Data
        switch kind {
        case "random bytes": contents = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        case "a text file": contents = Data(String(repeating: "not a database\n", count: 300).utf8)
        default: contents = Data()
        }
        _ = FileManager.default.createFile(atPath: path, contents: contents)
        if kind == "empty" {
            // An empty file is a valid empty SQLite database: it becomes a store.
            _ = try RestorationStore(path: path)
            return
        }
        #expect {
            _ = try RestorationStore(path: path)
        } throws: { error in
            "\(error)".contains(path) && (error as? StoreError).map { if case .database(let db) = $0 { return db.isCorruption } else { return false } } == true
        }
        #expect(FileManager.default.contents(atPath: path) == contents)
    }

    @Test func anotherApplicationsDatabaseIsRefusedUnchanged() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        do {
            let foreign = try Database(path: path, mode: .readWrite)
            try foreign.execute("CREATE TABLE contacts (name TEXT)")
            try foreign.execute("INSERT INTO contacts VALUES ('ada')")
        }
        let before = TemporaryDirectory.fingerprint(path)
        #expect(throws: StoreError.notANavstateDatabase(path: path, reason: "it holds tables of another application")) {
            _ = try RestorationStore(path: path)
        }
        #expect(TemporaryDirectory.fingerprint(path) == before)
    }

    @Test func aNewerSchemaIsRefusedUnchangedNamingBothVersions() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        do {
            let store = try RestorationStore(path: path)
            try store.withDatabase { try $0.execute("PRAGMA user_version = 99") }
        }
        let before = TemporaryDirectory.fingerprint(path)
        #expect {
            _ = try RestorationStore(path: path)
        } throws: { error in
            error as? StoreError == .newerSchema(path: path, found: 99, supported: Migrator.latestVersion)
                && "\(error)".contains("schema version 99") && "\(error)".contains("version \(Migrator.latestVersion)")
        }
        #expect(TemporaryDirectory.fingerprint(path) == before)
    }

    @Test func everyMigrationFileIsEmbeddedExactlyAndApplied() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: PackageRoot.file("Migrations").path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(!files.isEmpty)
        #expect(Migrator.migrations.map(\.fileName) == files,
                "Migrations/ and the list the EmbedMigrations plugin built differ")
        for migration in Migrator.migrations {
            let onDisk = try String(contentsOf: PackageRoot.file("Migrations").appendingPathComponent(migration.fileName), encoding: .utf8)
            #expect(migration.sql == onDisk, "\(migration.fileName) differs from its embedded copy (the EmbedMigrations plugin)")
        }
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let applied = try store.withDatabase { database in
            var versions: [Int] = []
            try database.prepare("SELECT version FROM schema_migration ORDER BY version").forEachRow { row in
                versions.append(Int(row.integer(at: 0) ?? -1))
            }
            return versions
        }
        #expect(applied == Migrator.migrations.map(\.version))
        #expect(Migrator.migrations.map(\.version) == Array(1...Migrator.migrations.count))
    }

    @Test func aFailingMigrationRollsBackAndLeavesTheFileAsItWas() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        _ = try RestorationStore(path: path)
        let broken = Migration(version: Migrator.latestVersion + 1, name: "broken", fileName: "9999_broken.sql",
                               sql: "CREATE TABLE extra (id INTEGER); INSERT INTO no_such_table VALUES (1);")
        let database = try Database(path: path, mode: .readWrite)
        let before = try database.scalarInteger("SELECT count(*) FROM sqlite_master")
        #expect {
            try Migrator.migrate(database, using: Migrator.migrations + [broken])
        } throws: { error in
            "\(error)".contains("9999_broken.sql") && "\(error)".contains("rolled back") && "\(error)".contains(path)
        }
        #expect(try database.scalarInteger("SELECT count(*) FROM sqlite_master") == before)
        #expect(try Migrator.currentVersion(of: database) == Migrator.latestVersion)
    }

    /// All pending migrations commit together: a file is never left at a schema between two,
    /// which a concurrent opener (or the next launch after a kill) would refuse as too old.
    @Test func aNewFilesMigrationsCommitTogetherOrNotAtAll() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        let database = try Database(path: path, mode: .readWrite)
        let broken = Migration(version: Migrator.latestVersion + 1, name: "broken", fileName: "9999_broken.sql",
                               sql: "INSERT INTO no_such_table VALUES (1);")
        var announced: [Int] = []
        #expect {
            try Migrator.migrate(database, using: Migrator.migrations + [broken]) { announced.append($0.version) }
        } throws: { error in
            "\(error)".contains("migration 9999_broken.sql failed; every pending migration was rolled back")
        }
        #expect(announced == Array(1...Migrator.latestVersion + 1))
        #expect(try Migrator.currentVersion(of: database) == 0)
        #expect(try database.scalarInteger("SELECT count(*) FROM sqlite_master") == 0)
        #expect(try Migrator.migrate(database).map(\.version) == Array(1...Migrator.latestVersion))
    }

    @Test func migratingWithAShorterListRefusesAFileItsListDoesNotReach() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        _ = try RestorationStore(path: path)
        let database = try Database(path: path, mode: .readWrite)
        let older = Array(Migrator.migrations.dropLast())
        let supported = Migrator.latestVersion - 1
        #expect(throws: StoreError.newerSchema(path: path, found: Migrator.latestVersion, supported: supported)) {
            try Migrator.migrate(database, using: older)
        }
    }

    @Test func aMigrationLeavingAForeignKeyViolationRollsBack() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        _ = try RestorationStore(path: path)
        let dangling = Migration(version: Migrator.latestVersion + 1, name: "dangling", fileName: "9998_dangling.sql", sql: """
            PRAGMA defer_foreign_keys = ON;
            INSERT INTO snapshot (id, created_at, app_version, app_build, schema_version, platform, window_count, controller_count, checksum)
            VALUES (1, '2026-01-01T00:00:00.000Z', '1', '1', 1, 'x', 1, 1, 0);
            INSERT INTO controller (snapshot_id, node_id, parent_id, path, identifier, window_index, relation, position, is_selected,
                                    is_collapsed, view_loaded, appearance, class_name, class_version, payload_hash, checksum)
            VALUES (77, 1, NULL, '/a', 'a', 0, 'root', 0, 0, 0, 0, 'disappeared', 'A', 0, 12345, 0);
            """)
        let database = try Database(path: path, mode: .readWrite)
        #expect {
            try Migrator.migrate(database, using: Migrator.migrations + [dangling])
        } throws: { error in
            "\(error)".contains("foreign key violation")
        }
        #expect(try database.scalarInteger("SELECT count(*) FROM snapshot") == 0)
    }

    @Test func everyReleasedSchemaHasAFixtureThatOpensMigratesAndRestores() async throws {
        for version in Migrator.oldestSupportedVersion...Migrator.latestVersion {
            let fixture = PackageRoot.file("Tests/Fixtures").appendingPathComponent("schema-\(version).sqlite")
            #expect(FileManager.default.fileExists(atPath: fixture.path), "no fixture for schema \(version)")
            let directory = TemporaryDirectory()
            let copy = directory.path()
            try FileManager.default.copyItem(atPath: fixture.path, toPath: copy)
            try await MainActor.run {
                let store = try RestorationStore(path: copy)
                #expect(try store.schemaVersion() == Migrator.latestVersion)
                let window = Window(application: Application())
                let report = try store.restore(into: window, registry: MailSampleRegistry.make())
                #expect(report.didRestore && report.dropped.isEmpty, "schema \(version): \(report)")
                #expect(window.rootViewController?.presentedViewController?.restorationIdentifier == "viewer")
            }
        }
    }

    /// Schemas 1 to 4, written only by development builds before the first release: the store, the
    /// inspector and the migrator refuse each, naming its version, and leave it byte for byte as
    /// it was; an app's `.moveAside` moves it aside whole.
    @Test func aSchemaBeforeTheFirstReleaseIsRefusedUnchanged() throws {
        for version in 1..<Migrator.oldestSupportedVersion {
            let directory = TemporaryDirectory()
            let path = directory.path()
            try FileManager.default.copyItem(at: PackageRoot.file("Tests/Fixtures/schema-\(version).sqlite"),
                                             to: URL(fileURLWithPath: path))
            let before = TemporaryDirectory.fingerprint(path)
            let refusal = StoreError.unsupportedSchema(path: path, found: version, oldestSupported: 5)
            #expect(throws: refusal) { _ = try RestorationStore(path: path) }
            #expect(throws: refusal) { _ = try SnapshotInspector(path: path) }
            #expect(throws: refusal) { try Migrator.migrate(Database(path: path, mode: .readWrite)) }
            #expect("\(refusal)".contains("schema version \(version), older than version 5"))
            #expect(TemporaryDirectory.fingerprint(path) == before, "schema \(version)")
            // An app moves it aside whole and starts afresh.
            let recovery = try #require(try RestorationStore(path: path, recovery: .moveAside).recovery)
            #expect(recovery.error == refusal && recovery.movedTo.hasPrefix(path + ".older-schema-"), "\(recovery)")
            #expect(TemporaryDirectory.fingerprint(recovery.movedTo) == before, "schema \(version)")
        }
    }

    /// A draft of nav[a, b], captured by `store`.
    private static func navigationDraft(_ store: RestorationStore) async throws -> CapturedSnapshot {
        try await MainActor.run { () throws -> CapturedSnapshot in
            let window = Window(application: Application())
            window.rootViewController = Make.nav("nav", [Note("a"), Note("b")])
            let registry = RestorationRegistry()
            registry.register(Note.self, as: "Note")
            return try store.capture(windows: [window], registry: registry)
        }
    }

    @Test func aFailedWriteLeavesThePreviousSnapshotIntact() async throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let draft = try await Self.navigationDraft(store)
        _ = try store.write(draft)
        func rowCounts() throws -> [Int64?] {
            try store.withDatabase { database in
                try ["snapshot", "controller", "payload"].map {
                    try database.scalarInteger("SELECT count(*) FROM \($0)")
                }
            }
        }
        let before = try rowCounts()
        #expect(before == [1, 3, 3])
        // Refused before anything is written: two controllers with one id.
        var duplicate = draft
        duplicate.controllers[1].id = duplicate.controllers[0].id
        #expect(throws: StoreError.invalidHierarchy(reason: "two controllers have node id 1, /nav/a the second")) {
            _ = try store.write(duplicate)
        }
        // Failing inside the transaction, after the snapshot, payload and controller rows were
        // inserted (a connection-only trigger refuses the object row): everything rolls back.
        try store.withDatabase { database in
            try database.execute("CREATE TEMP TRIGGER refuse BEFORE INSERT ON object BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        var failing = draft
        failing.controllers[1].values = ["changed": .bool(true)]
        failing.objects = [ObjectRecord(id: 9, className: "Model", classVersion: 0, values: [:])]
        #expect(throws: StoreError.self) { _ = try store.write(failing) }
        #expect(try rowCounts() == before)
        #expect(try store.snapshots().count == 1)
        #expect(try store.loadSnapshot().snapshot.controllers.count == 3)
    }

    @Test func aDraftWithIdsOrPositionsTheTableOnceRefusedIsRefused() async throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let draft = try await Self.navigationDraft(store)
        var negative = draft
        negative.controllers[2].relation = .navigationStack(index: -1, isTop: false)
        #expect(throws: StoreError.invalidHierarchy(reason: "/nav/b has node id 3, window 0 and stack -1; ids must be positive, windows and positions not negative")) {
            _ = try store.write(negative)
        }
        var zero = draft
        zero.controllers[0].id = 0
        #expect(throws: StoreError.self) { _ = try store.write(zero) }
        // References tell objects from controllers by id alone.
        var clash = draft
        clash.objects = [ObjectRecord(id: 2, className: "Model", classVersion: 0, values: [:])]
        #expect(throws: StoreError.invalidHierarchy(reason: "object 2 has the id of a controller")) { _ = try store.write(clash) }
        var twice = draft
        twice.objects = [ObjectRecord(id: 7, className: "Model", classVersion: 0, values: [:]),
                         ObjectRecord(id: 7, className: "Model", classVersion: 0, values: [:])]
        #expect(throws: StoreError.invalidHierarchy(reason: "object 7 has an id that is not positive or not unique")) {
            _ = try store.write(twice)
        }
        var nonPositive = draft
        nonPositive.objects = [ObjectRecord(id: 0, className: "Model", classVersion: 0, values: [:])]
        #expect(throws: StoreError.invalidHierarchy(reason: "object 0 has an id that is not positive or not unique")) {
            _ = try store.write(nonPositive)
        }
        #expect(try store.snapshots().isEmpty)
        // An id far beyond the count, as a store that saved for long numbers them, is fine.
        var far = draft
        far.controllers[2].id = 1_000_000
        far.controllers[2].parentID = far.controllers[1].parentID
        _ = try store.write(far)
        #expect(try store.loadSnapshot().snapshot.controllers.map(\.id) == [1, 2, 1_000_000])
    }

    /// A save whose pruning freed state rows leaves no read open either: two stores on one file
    /// take turns, and the first one's next save must see the second one's commit.
    @MainActor
    @Test func aSaveThatFreedStatesLeavesItsConnectionReadyForTheNextWriter() throws {
        let directory = TemporaryDirectory()
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        let configuration = StoreConfiguration(keepCount: 1)
        let first = try RestorationStore(path: directory.path(), configuration: configuration)
        let second = try RestorationStore(path: directory.path(), configuration: configuration)
        // Twenty new controllers each time: too many changes for a delta, so each save is full
        // and prunes the one before.
        func window(_ prefix: String) -> Window {
            let window = Window(application: Application())
            window.rootViewController = Make.nav("nav", (0..<20).map { Note("\(prefix)\($0)") })
            return window
        }
        _ = try first.save(windows: [window("a")], registry: registry)
        // Other controllers: pruning the first snapshot frees every state row it had.
        let pruning = try first.save(windows: [window("b")], registry: registry)
        #expect(pruning.prunedSnapshotCount == 1)
        _ = try second.save(windows: [window("c")], registry: registry)
        let last = try first.save(windows: [window("d")], registry: registry)
        #expect(try first.loadSnapshot(id: last.snapshotID).snapshot.controllers.map(\.identifier)
                == ["nav"] + (0..<20).map { "d\($0)" })
        #expect(try first.snapshots().map(\.id) == [last.snapshotID])
    }
}
