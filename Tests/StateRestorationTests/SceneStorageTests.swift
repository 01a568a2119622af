import ControllerKit
import Foundation
import MailSample
@testable import StateRestoration
import Testing
import TestSupport

/// Scene sessions in the store (Migrations/0008_scene_sessions.sql, docs/scenes.md): each
/// session's row, activity and snapshots come back apart, are chosen, marked and pruned apart,
/// and go together when the session is discarded.
@Suite struct SceneStorageTests {
    private static let noTimer = StoreConfiguration(probationPeriod: nil)

    @MainActor private static func registry() -> RestorationRegistry {
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        return registry
    }

    /// A shown window holding nav[`stack`…].
    @MainActor private static func window(_ stack: [String]) -> Window {
        let window = Window(application: Application())
        window.rootViewController = Make.nav("nav", stack.map { Note($0) })
        window.makeKeyAndVisible()
        return window
    }

    /// Every session of `store`, each required to read.
    private static func sessions(_ store: SnapshotDatabase) throws -> [StoredSession] {
        try store.sessions().map { try $0.get() }
    }

    @MainActor private static func stack(_ window: Window) -> [String] {
        (window.rootViewController as? NavigationController)?.viewControllers.compactMap(\.restorationIdentifier) ?? []
    }

    /// Every field of an activity set away from its default, and values of each kind.
    private static let reading: UserActivity.Archive = {
        var archive = UserActivity.Archive(activityType: "com.example.mail.reading", title: "Lunch on Friday", userInfo: [
            "messageID": .integer(42), "folder": .string("Inbox"), "score": .double(0.1),
            "opened": .date(Date(timeIntervalSinceReferenceDate: 786_297_600.25)), "flags": .array([.bool(true), .data(Data([0, 1, 2]))]),
        ])
        archive.requiredUserInfoKeys = ["folder", "messageID"]
        archive.isEligibleForHandoff = false
        archive.isEligibleForSearch = true
        archive.isEligibleForPrediction = true
        archive.isEligibleForPublicIndexing = true
        archive.persistentIdentifier = "message-42"
        archive.targetContentIdentifier = "mail/42"
        archive.keywords = ["lunch", "mail"]
        archive.webpageURL = URL(string: "https://mail.example.com/42")
        return archive
    }()

    private static let left = SceneSessionRecord(persistentIdentifier: "left", configurationName: "Mail",
                                                 userInfo: ["account": .string("work")], stateRestorationActivity: reading)
    private static let right = SceneSessionRecord(persistentIdentifier: "right", configurationName: "Mail",
                                                  stateRestorationActivity: UserActivity.Archive(activityType: "com.example.mail.inbox"))

    /// Saves `left` with nav[inbox, message] and `right` with nav[inbox, drafts] at `path`.
    @MainActor private static func saveTwoSessions(at path: String, configuration: StoreConfiguration = noTimer) throws {
        let store = try RestorationStore(path: path, configuration: configuration)
        _ = try store.save(session: left, windows: [window(["inbox", "message"])], registry: registry())
        _ = try store.save(session: right, windows: [window(["inbox", "drafts"])], registry: registry())
    }

    @MainActor @Test func twoSessionsComeBackApartAfterTheStoreIsReopened() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try Self.saveTwoSessions(at: path)
        // Saving `left` again keeps its place in the opening order.
        do {
            let store = try RestorationStore(path: path, configuration: Self.noTimer)
            _ = try store.save(session: Self.left, windows: [Self.window(["inbox", "message"])], registry: Self.registry())
        }
        let store = try RestorationStore(path: path, configuration: Self.noTimer)
        let sessions = try Self.sessions(store)
        #expect(sessions.map(\.record) == [Self.left, Self.right])
        #expect(sessions.map(\.snapshotCount) == [2, 1])
        #expect(sessions.map(\.newestSnapshotID) == [3, 2])
        for (identifier, expected) in [("left", ["inbox", "message"]), ("right", ["inbox", "drafts"])] {
            let window = Window(application: Application())
            let report = try store.restore(session: identifier, into: [window], registry: Self.registry())
            #expect(report.didRestore, "\(identifier): \(report)")
            #expect(Self.stack(window) == expected)
        }
        #expect(try store.snapshots(session: "right").map(\.id) == [2])
        #expect(try store.snapshots().map(\.session) == ["left", "right", "left"])
    }

    /// The JSON is what sqlite3's JSON functions read, each value an object naming its type.
    @MainActor @Test func userInfoIsJSONThatSQLReads() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try Self.saveTwoSessions(at: path)
        let database = try Database(path: path, mode: .readOnly)
        let row = try database.prepare("""
            SELECT json_extract(a.user_info, '$.messageID.integer') AS message, json_extract(a.user_info, '$.folder.string') AS folder,
                   json_extract(t.user_info, '$.account.string') AS account, json_extract(a.keywords, '$[1]') AS keyword,
                   a.activity_type, a.title, t.role, t.configuration_name
            FROM scene_session t JOIN scene_activity a ON a.session_id = t.id WHERE t.persistent_identifier = 'left'
            """)
        #expect(try row.step())
        #expect(row.integer(named: "message") == 42)
        #expect(row.text(named: "folder") == "Inbox")
        #expect(row.text(named: "account") == "work")
        #expect(row.text(named: "keyword") == "mail")
        #expect(row.text(named: "activity_type") == "com.example.mail.reading")
        #expect(row.text(named: "title") == "Lunch on Friday")
        #expect(row.text(named: "role") == "UIWindowSceneSessionRoleApplication")
        #expect(row.text(named: "configuration_name") == "Mail")
    }

    /// A session's snapshots are pruned among themselves: another window's saves never take them.
    @MainActor @Test func aSessionIsKeptWhenItsSnapshotCannotBeWritten() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path(), configuration: Self.noTimer)
        var captured = try store.capture(windows: [Self.window(["inbox", "message"])], registry: Self.registry())
        captured.controllers[1].relation = .navigationStack(index: -1, isTop: true)
        #expect(throws: StoreError.self) { _ = try store.write(captured, session: Self.left) }
        // The activity survives; the snapshot, which could not be written, left nothing.
        #expect(try Self.sessions(store).map(\.record) == [Self.left])
        #expect(try store.snapshots(session: "left").isEmpty)
    }

    @MainActor @Test func pruningKeepsEachSessionsNewestSnapshots() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try Self.saveTwoSessions(at: path, configuration: StoreConfiguration(keepCount: 2, probationPeriod: nil))
        let store = try RestorationStore(path: path, configuration: StoreConfiguration(keepCount: 2, probationPeriod: nil))
        for number in 1...4 {
            _ = try store.save(session: Self.right, windows: [Self.window(["inbox", "draft-\(number)"])], registry: Self.registry())
        }
        #expect(try Self.sessions(store).map(\.snapshotCount) == [1, 2])
        #expect(try store.snapshots(session: "left").map(\.id) == [1])
    }

    /// An explicit prune (the CLI's) keeps the newest of every session, not of the file.
    @MainActor @Test func anExplicitPruneKeepsTheNewestSnapshotsOfEverySession() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try Self.saveTwoSessions(at: path)
        let store = try RestorationStore(path: path, configuration: Self.noTimer)
        _ = try store.save(session: Self.left, windows: [Self.window(["inbox"])], registry: Self.registry())
        let result = try store.prune(keeping: 1)
        #expect(result.deletedSnapshotIDs == [1])
        #expect(try store.snapshots().map(\.id) == [3, 2])
        #expect(try Self.sessions(store).map(\.snapshotCount) == [1, 1])
    }

    @MainActor @Test func discardingASessionDeletesItsRowsSnapshotsAndPayloads() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try Self.saveTwoSessions(at: path)
        let store = try RestorationStore(path: path, configuration: Self.noTimer)
        func payloadCount() throws -> Int64? {
            try store.withDatabase { database in try database.scalarInteger("SELECT count(*) FROM payload") }
        }
        let before = try payloadCount()
        let result = try store.discardSessions(["left", "never-saved"])
        #expect(result.deletedSnapshotIDs == [1])
        // `message`'s values are left's alone; nav's and inbox's are shared with right.
        #expect(result.freedPayloadCount == 1)
        #expect(try payloadCount() == before.map { $0 - 1 })
        #expect(try Self.sessions(store).map(\.record) == [Self.right])
        #expect(try store.snapshots().map(\.id) == [2])
        let activities = try store.withDatabase { database in try database.scalarInteger("SELECT count(*) FROM scene_activity") }
        #expect(activities == 1)
    }

    /// The process that restored `right` died restoring `left`: left's crash mark keeps restores
    /// off its snapshot, and right's probation is no strike.
    @MainActor @Test func aCrashRestoringOneSessionIsThatSessionsAlone() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try Self.saveTwoSessions(at: path)
        do {
            let store = try RestorationStore(path: path, configuration: Self.noTimer)
            _ = try store.restore(session: "right", into: [Window(application: Application())], registry: Self.registry())
            // Left's restore never ends: the crash mark stays, as a process killed part-way leaves it.
            _ = try store.restore(session: "left", into: [Window(application: Application())], registry: Self.registry(),
                                  policy: RestorePolicy(), timing: nil, now: Date(), requiringOptIn: false) { _ in }
            try Self.dieWithoutEnding(store)
        }
        let store = try RestorationStore(path: path, configuration: Self.noTimer)
        let left = try store.restore(session: "left", into: [Window(application: Application())], registry: Self.registry())
        #expect(!left.didRestore)
        #expect(left.skipped.map(\.snapshotID) == [1])
        let window = Window(application: Application())
        let right = try store.restore(session: "right", into: [window], registry: Self.registry())
        #expect(right.didRestore && right.skipped.isEmpty, "\(right)")
        #expect(Self.stack(window) == ["inbox", "drafts"])
        #expect(try store.snapshots(session: "right").map(\.strikes) == [0])
    }

    /// Right's probation period passes while left's restore is still under way (an extended
    /// restoration): right's launch counts as good, and left's crash mark stays, so a death
    /// before left's restore ends keeps restores off left's snapshot.
    @MainActor @Test func oneSessionsProbationPeriodLeavesAnotherSessionsCrashMark() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try Self.saveTwoSessions(at: path)
        // A period no test run reaches: the test fires right's timer itself, as the store does.
        let configuration = StoreConfiguration(probationPeriod: .seconds(3600))
        do {
            let store = try RestorationStore(path: path, configuration: configuration)
            _ = try store.restore(session: "right", into: [Window(application: Application())], registry: Self.registry())
            _ = try store.restore(session: "left", into: [Window(application: Application())], registry: Self.registry(),
                                  policy: RestorePolicy(), timing: nil, now: Date(), requiringOptIn: false) { _ in }
            let number = try #require(store.probationNumber(of: "right"))
            store.endProbation(number: number, session: "right")
            #expect(store.probationNumber(of: "right") == nil)
            try Self.dieWithoutEnding(store)
        }
        let store = try RestorationStore(path: path, configuration: Self.noTimer)
        let left = try store.restore(session: "left", into: [Window(application: Application())], registry: Self.registry())
        #expect(!left.didRestore)
        #expect(left.skipped.map(\.reason) == ["a restore of it crashed or was killed part-way"])
        let right = try store.restore(session: "right", into: [Window(application: Application())], registry: Self.registry())
        #expect(right.didRestore && right.skipped.isEmpty, "\(right)")
        #expect(try store.snapshots(session: "right").map(\.strikes) == [0])
    }

    /// Left's restored screens crash twice, each time before right was restored: only left's
    /// snapshot is quarantined.
    @MainActor @Test func aCrashLoopQuarantinesOnlyThatSessionsState() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try Self.saveTwoSessions(at: path)
        for attempt in 1...2 {
            let store = try RestorationStore(path: path, configuration: Self.noTimer)
            let report = try store.restore(session: "left", into: [Window(application: Application())], registry: Self.registry())
            #expect(report.didRestore, "attempt \(attempt): \(report)")
            try Self.dieWithoutEnding(store)
        }
        let store = try RestorationStore(path: path, configuration: Self.noTimer)
        let left = try store.restore(session: "left", into: [Window(application: Application())], registry: Self.registry())
        #expect(!left.didRestore)
        #expect(left.skipped.map(\.reason) == ["quarantined: the app crashed or was killed before its launch counted as good, twice"])
        let right = try store.restore(session: "right", into: [Window(application: Application())], registry: Self.registry())
        #expect(right.didRestore && right.skipped.isEmpty, "\(right)")
        #expect(try store.snapshots().map(\.strikes) == [0, 2])
    }

    /// A crash once both sessions were restored cannot be told apart: a strike for each.
    @MainActor @Test func aCrashAfterEverySessionRestoredIsAStrikeForEach() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try Self.saveTwoSessions(at: path)
        do {
            let store = try RestorationStore(path: path, configuration: Self.noTimer)
            for session in ["left", "right"] {
                _ = try store.restore(session: session, into: [Window(application: Application())], registry: Self.registry())
            }
            try Self.dieWithoutEnding(store)
        }
        let store = try RestorationStore(path: path, configuration: Self.noTimer)
        for session in ["left", "right"] {
            _ = try store.restore(session: session, into: [Window(application: Application())], registry: Self.registry())
        }
        #expect(try store.snapshots().map(\.strikes) == [1, 1])
    }

    /// Through ``StatePreservation`` at UIKit's moments: each window of a scene app comes back
    /// with its own screen and activity in a new application, the session order kept.
    @MainActor @Test func aSceneAppsTwoWindowsComeBackInANewApplication() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        func launch() throws -> (Application, StatePreservation) {
            let application = Application()
            let preservation = try StatePreservation(path: path, registry: Self.registry(), configuration: Self.noTimer)
            application.sceneStatePreservation = preservation
            application.sceneDelegateFactory = { _ in NotesSceneDelegate() }
            application.launch(OptingInDelegate())
            return (application, preservation)
        }
        let (first, firstPreservation) = try launch()
        let launched = first.openSessions.map(\.persistentIdentifier)
        first.requestSceneSessionActivation(nil, userActivity: nil, options: nil)
        let requested = first.openSessions.map(\.persistentIdentifier).filter { !launched.contains($0) }
        let identifiers = launched + requested
        #expect(identifiers.count == 2)
        func delegate(_ application: Application, _ identifier: String) -> NotesSceneDelegate? {
            application.openSessions.first { $0.persistentIdentifier == identifier }?.scene?.delegate as? NotesSceneDelegate
        }
        for (number, identifier) in identifiers.enumerated() {
            let scene = delegate(first, identifier)
            (scene?.window?.rootViewController as? NavigationController)?.pushViewController(Note("message-\(number)"), animated: false)
            scene?.messageID = number + 40
        }
        first.enterBackground()
        #expect(firstPreservation.sessionSaves.count == 2)
        #expect(firstPreservation.sessionSaves.values.allSatisfy { (try? $0.get().didSave) == true })
        try firstPreservation.store.close()

        let (second, secondPreservation) = try launch()
        #expect(try Self.sessions(secondPreservation.store).map(\.record.persistentIdentifier) == identifiers)
        #expect(Set(second.openSessions.map(\.persistentIdentifier)) == Set(identifiers))
        for (number, identifier) in identifiers.enumerated() {
            let scene = delegate(second, identifier)
            #expect(scene?.window.map(Self.stack) == ["inbox", "message-\(number)"])
            #expect(scene?.messageID == number + 40)
            #expect((try? secondPreservation.sessionRestores[identifier]?.get().didRestore) == true)
        }
        // Each session's restore ended with its scene's restoration: on probation, no crash mark.
        #expect(try secondPreservation.store.snapshots().map(\.isOnProbation) == [true, true])
        #expect(try secondPreservation.store.snapshots().map(\.isCrashMarked) == [false, false])

        // Discarding one session deletes its state; the other's stays.
        if let discarded = second.openSessions.first(where: { $0.persistentIdentifier == identifiers[0] }) {
            second.requestSceneSessionDestruction(discarded, options: nil)
        }
        #expect(try Self.sessions(secondPreservation.store).map(\.record.persistentIdentifier) == [identifiers[1]])
        #expect(try secondPreservation.store.snapshots().map(\.session) == [identifiers[1]])
    }

    /// The marks `store` left in this process's name become a dead process's: the store is
    /// closed without its launch counting as good, as SIGKILL leaves it.
    @MainActor private static func dieWithoutEnding(_ store: RestorationStore) throws {
        try store.withDatabase { database in
            try database.execute("UPDATE snapshot SET restoring_process = 'gone 1 1' WHERE restoring_process IS NOT NULL")
        }
        try store.close()
    }

    @MainActor @Test func aDamagedSessionRowIsReportedAndLeftOutOfTheLaunch() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try Self.saveTwoSessions(at: path)
        let edit = try Database(path: path, mode: .readWrite)
        try edit.execute("UPDATE scene_session SET configuration_name = 'Other' WHERE persistent_identifier = 'left'")
        let preservation = try StatePreservation(path: path, registry: Self.registry())
        let damaged = "its scene_session row does not match its checksum (the file was damaged or edited)"
        let results = try preservation.store.sessions()
        #expect(results.count == 2)
        #expect(throws: StoreError.corruptSession(path: path, session: 1, reason: damaged)) { try results.first?.get() }
        #expect(try results.last?.get().record == Self.right)
        #expect(preservation.savedSessions(for: Application()) == [Self.right])
        #expect(preservation.sessionProblems.count == 1)
    }

    /// A title larger than the format allows is reported from its size, never read.
    @MainActor @Test func anOversizedActivityColumnIsReportedWithoutReadingIt() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try Self.saveTwoSessions(at: path)
        let edit = try Database(path: path, mode: .readWrite)
        try edit.execute("UPDATE scene_activity SET title = zeroblob(100000) WHERE session_id = 2")
        let store = try RestorationStore(path: path, configuration: Self.noTimer)
        #expect(throws: StoreError.corruptSession(path: path, session: 2,
                                                  reason: "its activity: its title holds 100000 bytes, more than the 65536 allowed")) {
            _ = try Self.sessions(store)
        }
        #expect(try store.sessions().compactMap { try? $0.get().record } == [Self.left])
    }

    /// An app that moves to scenes finds its schema-7 state as its first session, `default`.
    @MainActor @Test func theSchema7FixtureBecomesTheDefaultSession() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        try FileManager.default.copyItem(at: PackageRoot.file("Tests/Fixtures/schema-7.sqlite"), to: URL(fileURLWithPath: path))
        let before = try Database(path: path, mode: .readOnly).scalarInteger("SELECT count(*) FROM snapshot")
        let preservation = try StatePreservation(path: path, registry: MailSampleRegistry.make())
        let store = preservation.store
        #expect(try store.schemaVersion() == Migrator.latestVersion)
        let sessions = try Self.sessions(store)
        #expect(sessions.map(\.record) == [SceneSessionRecord(persistentIdentifier: RestorationStore.defaultSessionIdentifier)])
        #expect(sessions.map { Int64($0.snapshotCount) } == [before ?? -1])
        #expect(Set(try store.snapshots().map(\.session)) == [RestorationStore.defaultSessionIdentifier])
        #expect(preservation.savedSessions(for: Application()).map(\.persistentIdentifier) == ["default"])
        let window = Window(application: Application())
        let report = try store.restore(session: "default", into: [window], registry: MailSampleRegistry.make())
        #expect(report.didRestore && report.dropped.isEmpty, "\(report)")
        #expect(window.rootViewController?.presentedViewController?.restorationIdentifier == "viewer")
    }

    /// A fresh file has no session until something is saved; an app without scenes saves into
    /// `default`.
    @MainActor @Test func anAppWithoutScenesSavesIntoTheDefaultSession() throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path(), configuration: Self.noTimer)
        #expect(try Self.sessions(store).isEmpty)
        _ = try store.save(windows: [Self.window(["inbox"])], registry: Self.registry())
        #expect(try Self.sessions(store).map(\.record.persistentIdentifier) == ["default"])
        #expect(try store.snapshots(session: "default").count == 1)
    }
}

/// A scene whose window starts at nav[inbox] and whose activity holds `messageID`.
private final class NotesSceneDelegate: Responder, WindowSceneDelegate {
    var window: Window?
    var messageID = 0

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions) {
        messageID = session.stateRestorationActivity?.userInfo?["messageID"] as? Int ?? 0
        if window?.rootViewController == nil { window?.rootViewController = Make.nav("nav", [Note("inbox")]) }
    }

    func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        let activity = UserActivity(activityType: "com.example.notes")
        activity.addUserInfoEntries(from: ["messageID": messageID])
        return activity
    }
}

/// Opts in to saving and restoring controllers.
private final class OptingInDelegate: Responder, ApplicationDelegate {
    func application(_ application: Application, shouldSaveSecureApplicationState coder: Coder) -> Bool { true }
    func application(_ application: Application, shouldRestoreSecureApplicationState coder: Coder) -> Bool { true }
}
