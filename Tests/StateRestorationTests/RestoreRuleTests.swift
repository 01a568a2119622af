import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import TestSupport

/// docs/behaviour.md §3, §4 and §6, rule by rule.
@MainActor
@Suite struct RestoreRuleTests {
    /// Saves `root` (shown) with `registry` into a new store; returns the store and its directory.
    private func saved(_ root: ViewController, registry: RestorationRegistry = RestorationRegistry(),
                       configuration: StoreConfiguration = StoreConfiguration()) throws -> (RestorationStore, TemporaryDirectory, SaveReport) {
        registry.register(Note.self, as: "Note")
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path(), configuration: configuration)
        let window = Window(application: Application())
        window.rootViewController = root
        window.makeKeyAndVisible()
        let report = try store.save(windows: [window], registry: registry)
        window.isHidden = true
        return (store, directory, report)
    }

    /// A store with no snapshot, a registry knowing `Note`, an application, and the directory
    /// to keep while the store is used.
    private func emptyStore() throws -> (RestorationStore, RestorationRegistry, Application, TemporaryDirectory) {
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        let directory = TemporaryDirectory()
        return (try RestorationStore(path: directory.path()), registry, Application(), directory)
    }

    private func restored(_ store: RestorationStore, registry: RestorationRegistry = RestorationRegistry(),
                          policy: RestorePolicy = RestorePolicy()) throws -> (Window, RestoreReport) {
        if !registry.knowsController(named: "Note") { registry.register(Note.self, as: "Note") }
        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: registry, policy: policy)
        return (window, report)
    }

    // MARK: - What is saved (docs/behaviour.md §3)

    /// docs/behaviour.md §3.3: a save with nothing to save (no shown window) does not make an empty snapshot the
    /// one to restore, and says why; asked for, it does.
    @Test func anEmptySaveNeverReplacesAGoodSnapshotUnlessAsked() throws {
        let (store, _, first) = try saved(Note("a"))
        let empty = try store.save(Application(), registry: RestorationRegistry())
        #expect(empty.didSave == false)
        #expect(empty.refusal?.hasPrefix("there is no controller to save") == true)
        #expect(empty.refusal?.contains("an empty snapshot would restore a blank window") == true)
        #expect(try store.snapshots().map(\.id) == [first.snapshotID])
        let (_, report) = try restored(store)
        #expect(report.restored == ["/a"])

        let asked = try store.save(Application(), registry: RestorationRegistry(), allowingEmpty: true)
        #expect(asked.didSave)
        #expect(try store.snapshots().first?.controllerCount == 0)
        #expect(try restored(store).1.didRestore == false)
    }

    /// Creating a store is whole or nothing: a name too long for the -wal file beside it fails
    /// naming the file and leaves no file (it left an empty one); a created store leaves no
    /// scratch file beside it.
    @Test func creatingAStoreLeavesNoPartialFile() throws {
        let directory = TemporaryDirectory()
        let long = directory.url.appendingPathComponent(String(repeating: "n", count: 253)).path
        #expect(throws: StoreError.self) { try RestorationStore(path: long) }
        do {
            _ = try RestorationStore(path: long)
        } catch {
            #expect("\(error)".contains("needs it to be at most 251"))
            #expect("\(error)".contains(long))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [])
        do {
            let store = try RestorationStore(path: directory.path("state.sqlite"))
            #expect(try store.snapshots().isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["state.sqlite"])
        #expect(try SnapshotInspector(path: directory.path("state.sqlite")).schemaProblems() == [])
    }

    @Test func aControllerWithoutIdentifierIsLeftOutWithItsSubtreeAndReported() throws {
        let anonymous = NavigationController(rootViewController: Note("deep"))
        let sheet = Note("sheet")
        let root = Make.tabs("tabs", [Note("kept"), anonymous])
        let (store, _, report) = try saved(root)
        _ = sheet
        #expect(report.saved.map(\.path) == ["/tabs", "/tabs/kept"])
        #expect(report.leftOut == [.init(path: "/tabs/<NavigationController>", className: "NavigationController",
                                         reason: "it has no restorationIdentifier", descendantCount: 1)])
        let (window, restoreReport) = try restored(store)
        #expect(restoreReport.dropped.isEmpty)
        #expect((window.rootViewController as? TabBarController)?.viewControllers?.count == 1)
    }

    /// Identifiers repeated among siblings (children of any container, what a controller
    /// presents, windows' roots) get their position as an index component, and restore.
    @Test func repeatedSiblingIdentifiersAreIndexedAndRestore() throws {
        let cases: [(ViewController, [String])] = [
            (Make.container("root", [Note("same"), Note("same")]), ["/root", "/root/same[0]", "/root/same[1]"]),
            (Make.tabs("root", [Note("other"), Note("same"), Note("same")]), ["/root", "/root/other", "/root/same[1]", "/root/same[2]"]),
        ]
        for (root, paths) in cases {
            let (store, directory, report) = try saved(root)
            defer { _ = directory }
            #expect(report.saved.map(\.path) == paths)
            let (_, restoreReport) = try restored(store)
            #expect(restoreReport.dropped.isEmpty && restoreReport.restored == paths)
        }
        let (store, registry, application, directory) = try emptyStore()
        defer { _ = directory }
        let window = Window(application: application)
        window.rootViewController = Make.container("root", [Note("same")])
        window.makeKeyAndVisible()
        window.rootViewController?.present(Make.presented(Note("same"), .formSheet), animated: false)
        #expect(try store.save(windows: [window], registry: registry).saved.map(\.path) == ["/root", "/root/same[0]", "/root/same[1]"])
        let first = Window(application: application), second = Window(application: application)
        first.rootViewController = Note("root")
        second.rootViewController = Note("root")
        #expect(try store.save(windows: [first, second], registry: registry).saved.map(\.path) == ["/root[0]", "/root[1]"])
    }

    /// Only a duplicate that no index tells apart is a save error, naming both; look-alikes that
    /// differ once escaped are not duplicates. A refused save leaves nothing behind.
    @Test func aDuplicateNoIndexTellsApartIsASaveErrorNamingBoth() throws {
        let (store, registry, application, directory) = try emptyStore()
        defer { _ = directory }
        let window = Window(application: application)
        // "n7" twice is indexed by position: "n7[7]" and "n7[300]", which the last one spells.
        window.rootViewController = Make.container("root", (0..<300).map { Note("n\($0)") } + [Note("n7"), Note("n7[300]")])
        #expect {
            _ = try store.save(windows: [window], registry: registry)
        } throws: { error in
            guard case StoreError.invalidHierarchy(let reason) = error else { return false }
            return reason.contains("both have the restoration path /root/n7[300]") && reason.contains(#"Note(id: "n7[300]")"#)
        }
        // "a/b" under root and "b" under root's child "a": "/root/a%2Fb" and "/root/a/b".
        let lookAlikes = Window(application: application)
        lookAlikes.rootViewController = Make.container("root", [Note("a/b"), Make.container("a", [Note("b")])])
        #expect(try CapturedSnapshot.capture([lookAlikes], registry: registry).report.saved.map(\.path)
                == ["/root", "/root/a%2Fb", "/root/a", "/root/a/b"])
        #expect(try store.snapshots().isEmpty)
        let fixed = Window(application: application)
        fixed.rootViewController = Make.container("root", (0..<300).map { Note("n\($0)") })
        let report = try store.save(windows: [fixed], registry: registry)
        #expect(report.saved.count == 301)
        #expect(try store.snapshots().map(\.id) == [report.snapshotID])
        let (_, restoreReport) = try restored(store)
        #expect(restoreReport.restored.count == 301)
    }

    /// `/` and `%` inside identifiers are escaped in paths, and such controllers restore in place;
    /// a path built from its parent's text is the path built whole.
    @Test func identifiersHoldingSlashOrPercentAreEscapedInPaths() throws {
        let root = Make.tabs("tabs", [Make.nav("a/b", [Note("50%"), Note("50%")]), Note("%2F")])
        let (store, _, report) = try saved(root)
        #expect(report.saved.map(\.path) == ["/tabs", "/tabs/a%2Fb", "/tabs/a%2Fb/50%25[0]", "/tabs/a%2Fb/50%25[1]", "/tabs/%252F"])
        let (window, restoreReport) = try restored(store)
        #expect(restoreReport.dropped.isEmpty)
        let tabs = try #require(window.rootViewController as? TabBarController)
        let members = tabs.viewControllers ?? []
        #expect(members.map(\.restorationIdentifier) == ["a/b", "%2F"])
        #expect((members.first as? NavigationController)?.viewControllers.map(\.restorationIdentifier) == ["50%", "50%"])
        for components in [["tabs"], ["tabs", "a/b"], ["tabs", "a/b", "50%[1]"], ["%2F", "x"]] {
            let text = SnapshotPath.string(components)
            #expect(SnapshotPath.components(text) == components)
            #expect(SnapshotPath.lastComponent(text) == components.last)
        }
        #expect(SnapshotPath.lastComponent("/") == "")
        #expect(SnapshotPath.lastComponent("alone") == "alone")
        #expect(SnapshotPath.lastComponent("/a/a long component of more than fifteen bytes") == "a long component of more than fifteen bytes")
    }

    @Test func metadataIsRecordedForEverySnapshot() throws {
        let configuration = StoreConfiguration(appVersion: "2.1", appBuild: "210", keepCount: 2)
        let (store, _, _) = try saved(Note("a"), configuration: configuration)
        let newest = try #require(try store.snapshots().first)
        #expect(newest.metadata.appVersion == "2.1" && newest.metadata.appBuild == "210")
        #expect(newest.metadata.schemaVersion == Migrator.latestVersion)
        #expect(newest.metadata.platform == SnapshotMetadata.currentPlatform)
        #expect(abs(newest.metadata.createdAt.timeIntervalSinceNow) < 60)
    }

    @Test func onlyTheNewestFullSnapshotsAreKept() throws {
        let directory = TemporaryDirectory()
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        let window = Window(application: Application())
        window.rootViewController = Note("b")
        window.makeKeyAndVisible()
        var reports: [SaveReport] = []
        for label in ["first", "second", "third"] {
            let store = try RestorationStore(path: directory.path(), configuration: StoreConfiguration(keepCount: 2))
            reports.append(try store.save(windows: [window], registry: registry, label: label))
        }
        #expect(reports.last?.prunedSnapshotCount == 1)
        let store = try RestorationStore(path: directory.path())
        #expect(try store.snapshots().map(\.metadata.label) == ["third", "second"])
        // The two kept share their one payload; the pruned one's rows went with it.
        #expect(try store.withDatabase { try $0.scalarInteger("SELECT count(*) FROM payload") } == 1)
        #expect(try store.withDatabase { try $0.scalarInteger("SELECT count(*) FROM controller") } == 2)
    }

    // MARK: - The coder (docs/behaviour.md §6)

    @Test func aValueOfTheWrongTypeDropsOnlyThatSubtreeAndNamesKeyAndPath() throws {
        final class Strict: ViewController {
            required init?(coder: Coder) { super.init(coder: coder) }
            init() { super.init(nibName: nil, bundle: nil) }
            override func encodeRestorableState(with coder: Coder) { coder.encode("seven", forKey: "count") }
            override func decodeRestorableState(with coder: Coder) { _ = coder.decodeInteger(forKey: "count") }
        }
        let registry = RestorationRegistry()
        registry.register(Strict.self, as: "Strict")
        let strict = Strict()
        strict.restorationIdentifier = "strict"
        let root = Make.tabs("tabs", [Note("fine"), Make.nav("nav", [strict, Note("above")])], selected: 1)
        let (store, _, _) = try saved(root, registry: registry)
        let (window, report) = try restored(store, registry: registry)
        // Only strict's own subtree goes: the controller above it is its sibling in the stack.
        #expect(report.dropped.map(\.path) == ["/tabs/nav/strict"])
        #expect(report.dropped.first?.reason == #"decoding failed: key "count" at /tabs/nav/strict: expected Int, found string of 5 characters"#)
        let tabs = window.rootViewController as? TabBarController
        #expect((tabs?.viewControllers?[1] as? NavigationController)?.viewControllers.map(\.restorationIdentifier) == ["above"])
        #expect(report.restored == ["/tabs", "/tabs/fine", "/tabs/nav", "/tabs/nav/above"])
    }

    @Test func oneObjectReferencedByTwoControllersRestoresAsOneInstance() throws {
        let registry = RestorationRegistry()
        registry.register(Holder.self, as: "Holder")
        registry.registerObject(Account.self, as: "Account") { Account() }
        let shared = Account()
        shared.name = "ada"
        let first = Holder()
        first.restorationIdentifier = "first"
        first.account = shared
        let second = Holder()
        second.restorationIdentifier = "second"
        second.account = shared
        let (store, _, _) = try saved(Make.container("root", [first, second]), registry: registry)
        #expect(try store.loadSnapshot().snapshot.objects.count == 1)
        let (window, report) = try restored(store, registry: registry)
        #expect(report.dropped.isEmpty)
        let holders = window.rootViewController?.children.compactMap { $0 as? Holder } ?? []
        #expect(holders.count == 2)
        #expect(holders[0].account != nil && holders[0].account === holders[1].account)
        #expect(holders[0].account?.name == "ada")
    }

    @Test func aCycleOfControllerReferencesRestoresWithoutRecursion() throws {
        final class Linked: ViewController {
            weak var partner: Linked?
            required init?(coder: Coder) { super.init(coder: coder) }
            init() { super.init(nibName: nil, bundle: nil) }
            override func encodeRestorableState(with coder: Coder) { coder.encode(partner, forKey: "partner") }
            override func decodeRestorableState(with coder: Coder) { partner = coder.decodeObject(of: Linked.self, forKey: "partner") }
        }
        let registry = RestorationRegistry()
        registry.register(Linked.self, as: "Linked")
        let a = Linked()
        a.restorationIdentifier = "a"
        let b = Linked()
        b.restorationIdentifier = "b"
        a.partner = b
        b.partner = a
        let root = Make.nav("nav", [a, b])
        let (store, _, _) = try saved(root, registry: registry)
        let (window, report) = try restored(store, registry: registry)
        #expect(report.dropped.isEmpty)
        let stack = (window.rootViewController as? NavigationController)?.viewControllers.compactMap { $0 as? Linked } ?? []
        #expect(stack.count == 2)
        #expect(stack[0].partner === stack[1] && stack[1].partner === stack[0])
    }

    @Test func aReferenceToAnUnsavedControllerIsDroppedWithAWarning() throws {
        final class Pointer: ViewController {
            var target: ViewController?
            required init?(coder: Coder) { super.init(coder: coder) }
            init() { super.init(nibName: nil, bundle: nil) }
            override func encodeRestorableState(with coder: Coder) { coder.encode(target, forKey: "target") }
        }
        let registry = RestorationRegistry()
        registry.register(Pointer.self, as: "Pointer")
        let pointer = Pointer()
        pointer.restorationIdentifier = "pointer"
        pointer.target = ViewController()
        let (_, _, report) = try saved(pointer, registry: registry)
        #expect(report.warnings.contains { $0.contains("/pointer: a reference to ViewController was not kept") })
    }

    @Test func theClassVersionIsReadableAtDecodeToMigrateOldKeys() throws {
        final class Versioned: ViewController {
            var fullName = ""
            required init?(coder: Coder) { super.init(coder: coder) }
            init() { super.init(nibName: nil, bundle: nil) }
            override func encodeRestorableState(with coder: Coder) { coder.encode(fullName, forKey: "name") }
            override func decodeRestorableState(with coder: Coder) {
                if coder.version(forClassName: "Versioned") < 2 {
                    fullName = (coder.decodeString(forKey: "name") ?? "").uppercased()
                } else {
                    fullName = coder.decodeString(forKey: "fullName") ?? ""
                }
            }
        }
        let old = RestorationRegistry()
        old.register(Versioned.self, as: "Versioned", version: 1)
        let controller = Versioned()
        controller.restorationIdentifier = "v"
        controller.fullName = "ada"
        let (store, _, _) = try saved(controller, registry: old)
        let new = RestorationRegistry()
        new.register(Versioned.self, as: "Versioned", version: 2)
        let (window, report) = try restored(store, registry: new)
        #expect(report.dropped.isEmpty)
        #expect((window.rootViewController as? Versioned)?.fullName == "ADA")
    }

    // MARK: - Lookup (docs/behaviour.md §4.3)

    @Test func anUnknownClassDropsItsSubtreeAndTheRestRestores() throws {
        final class Gone: ViewController {
            required init?(coder: Coder) { super.init(coder: coder) }
            init() { super.init(nibName: nil, bundle: nil) }
        }
        let registry = RestorationRegistry()
        registry.register(Gone.self, as: "Gone")
        let gone = Gone()
        gone.restorationIdentifier = "gone"
        let root = Make.tabs("tabs", [Note("stays"), Make.nav("nav", [Note("under"), gone, Note("top")])])
        let (store, _, _) = try saved(root, registry: registry)
        let (window, report) = try restored(store)
        #expect(report.dropped.map(\.path) == ["/tabs/nav/gone"])
        #expect(report.dropped.first?.reason == "class Gone is not registered")
        let stack = ((window.rootViewController as? TabBarController)?.viewControllers?[1] as? NavigationController)?.viewControllers
        #expect(stack?.map(\.restorationIdentifier) == ["under", "top"])
    }

    @Test func aRestorationClassThatReturnsNilLeavesOutItsSubtree() throws {
        enum Refuses: ViewControllerRestoration {
            static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController? {
                nil
            }
        }
        let registry = RestorationRegistry()
        registry.register(restorationClass: Refuses.self, as: "Refuses")
        let refused = Make.nav("refused", [Note("child")])
        refused.restorationClass = Refuses.self
        let (store, _, _) = try saved(Make.tabs("tabs", [Note("ok"), refused]), registry: registry)
        let (window, report) = try restored(store, registry: registry)
        #expect(report.dropped.map(\.path) == ["/tabs/refused", "/tabs/refused/child"])
        #expect(report.dropped.first?.reason == "its restoration class Refuses returned nil")
        #expect((window.rootViewController as? TabBarController)?.viewControllers?.count == 1)
    }

    @Test func aRestorationClassAndTheDelegateComeBeforeTheRegistry() throws {
        enum Factory: ViewControllerRestoration {
            static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController? {
                let made = Note()
                made.title = "from factory \(identifierComponents.joined(separator: "/"))"
                return made
            }
        }
        final class Delegate: RestorationDelegate {
            func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController? {
                guard identifierComponents.last == "delegated" else { return nil }
                let made = Note()
                made.title = "from delegate"
                return made
            }
        }
        let registry = RestorationRegistry()
        registry.register(restorationClass: Factory.self, as: "Factory")
        let viaFactory = Note("factory")
        viaFactory.restorationClass = Factory.self
        let (store, _, _) = try saved(Make.container("root", [viaFactory, Note("delegated"), Note("plain")]), registry: registry)
        let delegate = Delegate()
        registry.delegate = delegate
        let (window, report) = try restored(store, registry: registry)
        #expect(report.dropped.isEmpty)
        #expect(window.rootViewController?.children.map(\.title) == ["from factory root/factory", "from delegate", nil])
        #expect(window.rootViewController?.children.compactMap { ($0 as? Note)?.text } == ["text of factory", "text of delegated", "text of plain"])
    }

    /// A controller the delegate (or a restoration class) supplies that already has a parent, a
    /// presenter or a window is used where the app put it, as UIKit does: decoded into, never
    /// torn out of where the app keeps it, and named in the report's warnings. One supplied for
    /// a second record is dropped with that record.
    @Test func aSuppliedControllerAlreadyInAHierarchyStaysWhereTheAppPutIt() throws {
        final class Delegate: RestorationDelegate {
            let supplied: [String: ViewController]
            init(_ supplied: [String: ViewController]) { self.supplied = supplied }
            func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController? {
                identifierComponents.last.flatMap { supplied[$0] }
            }
        }
        let withParent = Note(), presented = Note(), rooted = Note(), shared = Note()
        let holder = Make.container("holder", [withParent])
        let elsewhere = Window(application: Application())
        let presenter = Note("presenter")
        elsewhere.rootViewController = presenter
        elsewhere.makeKeyAndVisible()
        presenter.present(presented, animated: false)
        let rootedIn = Window(application: Application())
        rootedIn.rootViewController = rooted
        let registry = RestorationRegistry()
        let names = ["withParent", "presented", "rooted", "sharedFirst", "sharedAgain", "plain"]
        let (store, _, _) = try saved(Make.container("root", names.map { Note($0) }), registry: registry)
        let delegate = Delegate(["withParent": withParent, "presented": presented, "rooted": rooted,
                                 "sharedFirst": shared, "sharedAgain": shared])
        registry.delegate = delegate
        let (window, report) = try restored(store, registry: registry)
        #expect(report.dropped.map(\.path) == ["/root/sharedAgain"])
        #expect(report.dropped.map(\.reason) == ["the controller supplied for it was supplied for another path too"])
        #expect(report.restored == ["/root", "/root/withParent", "/root/presented", "/root/rooted", "/root/sharedFirst", "/root/plain"])
        #expect(report.warnings == ["/root/withParent", "/root/presented", "/root/rooted"].map {
            "\($0): the controller supplied for it is used where the app put it, not moved to its saved place"
        })
        #expect([withParent, presented, rooted].map(\.text) == ["text of withParent", "text of presented", "text of rooted"])
        #expect(window.rootViewController?.children.map(\.restorationIdentifier) == ["sharedFirst", "plain"])
        #expect(window.rootViewController?.children.first === shared)
        #expect(withParent.parent === holder)
        #expect(presented.presentingViewController === presenter)
        #expect(rootedIn.rootViewController === rooted)
    }

    @Test func aRenamedClassRestoresThroughAnAlias() throws {
        final class OldName: ViewController {
            required init?(coder: Coder) { super.init(coder: coder) }
            init() { super.init(nibName: nil, bundle: nil) }
        }
        final class NewName: ViewController {
            required init?(coder: Coder) { super.init(coder: coder) }
            init() { super.init(nibName: nil, bundle: nil) }
        }
        let before = RestorationRegistry()
        before.register(OldName.self, as: "Profile")
        let old = OldName()
        old.restorationIdentifier = "profile"
        let (store, _, _) = try saved(old, registry: before)
        let after = RestorationRegistry()
        after.register(NewName.self, as: "ProfileScreen", aliases: ["Profile"])
        let (window, report) = try restored(store, registry: after)
        #expect(report.dropped.isEmpty)
        #expect(window.rootViewController is NewName)
    }

    @Test func initWithCoderReturningNilDropsTheSubtree() throws {
        final class Picky: ViewController {
            required init?(coder: Coder) {
                guard coder.decodeBool(forKey: "ok") else { return nil }
                super.init(coder: coder)
            }
            init() { super.init(nibName: nil, bundle: nil) }
        }
        let registry = RestorationRegistry()
        registry.register(Picky.self, as: "Picky")
        let picky = Picky()
        picky.restorationIdentifier = "picky"
        let (store, _, _) = try saved(Make.container("root", [picky, Note("sibling")]), registry: registry)
        let (window, report) = try restored(store, registry: registry)
        #expect(report.dropped.map(\.reason) == ["init?(coder:) of Picky returned nil"])
        #expect(window.rootViewController?.children.map(\.restorationIdentifier) == ["sibling"])
    }

    // MARK: - Order and laziness (docs/behaviour.md §4.4–4.5)

    /// A controller whose callbacks log what restoration did, and whether its view was loaded.
    final class Logged: ViewController {
        nonisolated(unsafe) static var log: [String] = []
        required init?(coder: Coder) {
            super.init(coder: coder)
            Logged.log.append("init")
        }
        init() { super.init(nibName: nil, bundle: nil) }
        override func viewDidLoad() {
            super.viewDidLoad()
            Logged.log.append("viewDidLoad \(restorationIdentifier ?? "?")")
        }
        override func decodeRestorableState(with coder: Coder) {
            Logged.log.append("decode \(restorationIdentifier ?? "?") loaded=\(isViewLoaded) parent=\(parent?.restorationIdentifier ?? "-")")
        }
        override func applicationFinishedRestoringState() {
            Logged.log.append("finished \(restorationIdentifier ?? "?")")
        }
    }

    /// root (a container) → top → inner, saved; the store and the registry.
    private func savedLoggedChain() throws -> (RestorationStore, TemporaryDirectory, RestorationRegistry) {
        let registry = RestorationRegistry()
        registry.register(Logged.self, as: "Logged")
        func logged(_ identifier: String) -> Logged {
            let controller = Logged()
            controller.restorationIdentifier = identifier
            return controller
        }
        let root = Make.container("root", [])
        let top = logged("top")
        root.addChild(top)
        top.didMove(toParent: root)
        let inner = logged("inner")
        top.addChild(inner)
        inner.didMove(toParent: top)
        let (store, directory, _) = try saved(root, registry: registry)
        return (store, directory, registry)
    }

    /// UIKit's order (eager): each controller is made, loads its view, then decodes, parents
    /// first; then every one finishes.
    @Test func anEagerRestoreLoadsThenDecodesParentsFirstThenFinishes() throws {
        let (store, directory, registry) = try savedLoggedChain()
        defer { _ = directory }
        Logged.log.removeAll()
        let application = Application()
        let recorder = LifecycleTraceRecorder(observing: [application, .shared])
        let window = Window(application: application)
        _ = try store.restore(into: window, registry: registry)
        #expect(Logged.log == ["init", "viewDidLoad top", "init", "viewDidLoad inner",
                               "decode top loaded=true parent=root", "decode inner loaded=true parent=top",
                               "finished top", "finished inner"])
        #expect(recorder.lines == ["root.loadView", "root.viewDidLoad", "top.loadView", "top.viewDidLoad",
                                   "inner.loadView", "inner.viewDidLoad", "top.wM(root)", "top.dM(root)", "inner.wM(top)",
                                   "inner.dM(top)", "root.decodeRestorableState", "top.decodeRestorableState",
                                   "inner.decodeRestorableState", "root.applicationFinishedRestoringState",
                                   "top.applicationFinishedRestoringState", "inner.applicationFinishedRestoringState"])
        #expect(window.rootViewController?.isViewLoaded == true)
    }

    /// Lazy: the restore makes and attaches, and loads nothing; a controller decodes right after
    /// its first viewDidLoad, its parent's decode first (loading the parent's view if need be).
    @Test func aLazyRestoreDecodesEachControllerAfterItsViewLoadsParentsFirst() throws {
        let (store, directory, registry) = try savedLoggedChain()
        defer { _ = directory }
        Logged.log.removeAll()
        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: registry, timing: .lazy)
        #expect(report.restored == ["/root", "/root/top", "/root/top/inner"])
        #expect(Logged.log == ["init", "init"])
        let inner = try #require(window.rootViewController?.children.first?.children.first)
        inner.loadViewIfNeeded()
        #expect(Logged.log == ["init", "init", "viewDidLoad inner", "viewDidLoad top", "decode top loaded=true parent=root",
                               "finished top", "decode inner loaded=true parent=top", "finished inner"])
        #expect(window.rootViewController?.isViewLoaded == true)
        // Once only, whatever loads again.
        inner.view = nil
        inner.loadViewIfNeeded()
        #expect(Logged.log.filter { $0.hasPrefix("decode") }.count == 2)
    }

    /// Controllers restored lazily that never load their views are released with their
    /// hierarchy: a pending decode holds neither its parent nor the other restored controllers.
    @Test(arguments: [RestoreTiming.lazy, .eager])
    func restoredControllersGoWhenTheirHierarchyGoes(timing: RestoreTiming) throws {
        let tab = Note("tab")
        let (store, directory, _) = try saved(Make.tabs("tabs", [Make.nav("stack", [Note("a"), Note("b")]), tab]))
        defer { _ = directory }
        weak var restoredTabs: ViewController?
        weak var restoredTop: ViewController?
        weak var hiddenTab: ViewController?
        do {
            let registry = RestorationRegistry()
            registry.register(Note.self, as: "Note")
            let window = Window(application: Application())
            let report = try store.restore(into: window, registry: registry, timing: timing)
            #expect(report.restored.count == 5)
            let tabs = try #require(window.rootViewController as? TabBarController)
            restoredTabs = tabs
            restoredTop = (tabs.viewControllers?.first as? NavigationController)?.topViewController
            hiddenTab = tabs.viewControllers?.last
            restoredTop?.loadViewIfNeeded()
            #expect(hiddenTab?.isViewLoaded == (timing == .eager))
            window.rootViewController = nil
        }
        #expect(restoredTabs == nil)
        #expect(restoredTop == nil)
        #expect(hiddenTab == nil)
    }

    /// Lazily, a reference to a controller released before the decode decodes as `nil`, and the
    /// application hears why; one still alive decodes as that controller.
    @Test func aLazyReferenceToAReleasedControllerDecodesAsNilAndIsReported() throws {
        let bottom = Note("bottom")
        let registry = RestorationRegistry()
        registry.register(Peer.self, as: "Peer")
        let (store, directory, _) = try saved(Make.tabs("tabs", [Make.nav("stack", [bottom, Note("top")]),
                                                                   Peer("early", peer: bottom), Peer("late", peer: bottom)]),
                                              registry: registry)
        defer { _ = directory }
        let application = Application()
        let window = Window(application: application)
        _ = try store.restore(into: window, registry: registry, timing: .lazy)
        let tabs = try #require(window.rootViewController as? TabBarController)
        let stack = try #require(tabs.viewControllers?.first as? NavigationController)
        let early = try #require(tabs.viewControllers?[1] as? Peer)
        early.loadViewIfNeeded()
        #expect(early.peer === stack.viewControllers.first)
        stack.setViewControllers(Array(stack.viewControllers.dropFirst()), animated: false)
        let late = try #require(tabs.viewControllers?.last as? Peer)
        late.loadViewIfNeeded()
        #expect(late.peer == nil)
        #expect(application.diagnostics.map(\.kind) == [.restorationDecodeFailed])
        #expect(application.diagnostics.first?.message.hasPrefix("/tabs/late: key \"peer\"") == true)
    }

    @Test func restoreRefusesAShownWindow() throws {
        let (store, _, _) = try saved(Note("a"))
        let window = Window(application: Application())
        window.makeKeyAndVisible()
        #expect(throws: StoreError.self) { try store.restore(into: window, registry: RestorationRegistry()) }
    }

    // MARK: - Policies (docs/behaviour.md §4.1)

    @Test func policiesRefuseAnotherAppVersionOrAnOldSnapshotAndDeleteNothing() throws {
        let (store, directory, _) = try saved(Note("a"), configuration: StoreConfiguration(appVersion: "1.0"))
        let before = try store.snapshots().count
        let sameVersion = try restored(store, policy: RestorePolicy(requiresSameAppVersion: true)).1
        #expect(sameVersion.didRestore)
        let upgraded = try RestorationStore(path: store.path, configuration: StoreConfiguration(appVersion: "2.0"))
        let (window, report) = try restored(upgraded, policy: RestorePolicy(requiresSameAppVersion: true))
        #expect(report.didRestore == false)
        #expect(report.refusal == "snapshot 1: it was saved by app version 1.0, not 2.0")
        #expect(window.rootViewController == nil)
        let future = Date().addingTimeInterval(3_600)
        let aged = try store.restore(into: Window(application: Application()), registry: RestorationRegistry(),
                                     policy: RestorePolicy(maximumAge: 60), now: future)
        #expect(aged.refusal?.contains("more than the 60 allowed") == true)
        #expect(try store.snapshots().count == before)
        _ = directory
    }

    @Test func anAsyncSaveCapturesOnTheMainActorAndWritesTheSameSnapshot() async throws {
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        let app = Application()
        let window = Window(application: app)
        window.rootViewController = Make.nav("nav", [Note("a"), Note("b")])
        window.makeKeyAndVisible()
        let expected = try store.capture(windows: [window], registry: registry).controllers
        let report = try await store.save(app, registry: registry, label: "async")
        #expect(report.saved.map(\.path) == ["/nav", "/nav/a", "/nav/b"])
        let loaded = try store.loadSnapshot(id: report.snapshotID)
        #expect(loaded.snapshot.metadata.label == "async")
        #expect(loaded.snapshot.controllers == expected)
    }

    @Test func discardAllForgetsEverything() throws {
        let (store, _, _) = try saved(Note("a"))
        try store.discardAll()
        #expect(try store.snapshots().isEmpty)
        let (_, report) = try restored(store)
        #expect(report.didRestore == false)
        #expect(report.description == "restored nothing: no snapshot to restore")
    }
}
