import ControllerKit
import Foundation
@testable import StateRestoration
import Testing
import Synchronization

/// A save encodes its controllers' `Sendable` `Codable` values off the main actor, and reports
/// a value that fails as it reports one encoded on it.
@MainActor
@Suite struct DeferredEncodingSaveTests {
    /// Counts the encodings made while a controller's `encodeRestorableState(with:)` runs (on
    /// the main actor, during the capture) and those made after it returned (the writer's).
    /// Not by thread: the test runner's main actor need not run on the process's main thread,
    /// and a pool thread that ran it may later run the writer (a TSan run once counted all 40
    /// encodings as the main actor's that way).
    final class EncodingCounts: Sendable {
        let counts = Mutex((main: 0, other: 0))
        private let inEncodeRestorableState = Mutex(false)
        @MainActor init() {}
        /// Runs `body` as part of a controller's `encodeRestorableState(with:)`.
        func encodingRestorableState(_ body: () -> Void) {
            inEncodeRestorableState.withLock { $0 = true }
            body()
            inEncodeRestorableState.withLock { $0 = false }
        }
        func note() {
            let duringCapture = inEncodeRestorableState.withLock { $0 }
            counts.withLock { duringCapture ? ($0.main += 1) : ($0.other += 1) }
        }
    }

    struct Sort: Codable, Equatable, Sendable {
        var field: String
        var threads: EncodingCounts?
        init(field: String, threads: EncodingCounts? = nil) {
            self.field = field
            self.threads = threads
        }
        enum CodingKeys: CodingKey { case field }
        init(from decoder: any Decoder) throws {
            field = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .field)
        }
        func encode(to encoder: any Encoder) throws {
            threads?.note()
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(field, forKey: .field)
        }
        static func == (lhs: Sort, rhs: Sort) -> Bool { lhs.field == rhs.field }
    }

    /// Fails to encode, as a `Sendable` struct (encoded by the writer) or as a class (which is not
    /// `Sendable`, so the capture encodes it on the main actor).
    struct FailingValue: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws { throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no")) }
    }
    final class FailingObject: Encodable {
        func encode(to encoder: any Encoder) throws { throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no")) }
    }

    /// A model object whose state holds a value that fails to encode.
    final class Account: RestorableObject {
        init() {}
        func encodeRestorableState(with coder: Coder) {
            coder.encode("kept", forKey: "name")
            coder.encodeEncodable(FailingValue(), forKey: "settings")
        }
        func decodeRestorableState(with coder: Coder) {}
    }

    final class Sorted: ViewController {
        var sort = Sort(field: "")
        var account: Account?
        var failing: (any Encodable)?
        override init() { super.init() }
        required init?(coder: Coder) { super.init(coder: coder) }
        override func encodeRestorableState(with coder: Coder) {
            if let threads = sort.threads {
                threads.encodingRestorableState { coder.encodeEncodable(sort, forKey: "sort") }
            } else {
                coder.encodeEncodable(sort, forKey: "sort")
            }
            if let account { coder.encode(account, forKey: "account") }
            if let value = failing as? FailingValue {
                coder.encodeEncodable(sort, forKey: "failing")
                coder.encodeEncodable(value, forKey: "failing")
            } else if let object = failing as? FailingObject {
                coder.encodeEncodable(sort, forKey: "failing")
                coder.encodeEncodable(object, forKey: "failing")
            }
        }
        override func decodeRestorableState(with coder: Coder) {
            sort = coder.decodeDecodable(Sort.self, forKey: "sort") ?? Sort(field: "missing")
        }
    }

    private func window(of controllers: [Sorted]) -> Window {
        let root = TabBarController()
        root.restorationIdentifier = "tabs"
        root.viewControllers = controllers
        let window = Window(application: Application())
        window.rootViewController = root
        window.makeKeyAndVisible()
        return window
    }

    private func sorted(_ identifier: String, _ field: String, threads: EncodingCounts? = nil, failing: (any Encodable)? = nil) -> Sorted {
        let controller = Sorted()
        controller.restorationIdentifier = identifier
        controller.sort = Sort(field: field, threads: threads)
        controller.failing = failing
        return controller
    }

    @Test func aBackgroundSaveEncodesSendableValuesOffTheMainActorAndTheyRestore() async throws {
        let threads = EncodingCounts()
        let window = window(of: (0..<40).map { sorted("tab\($0)", "field \($0)", threads: threads) })
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let registry = RestorationRegistry()
        registry.register(Sorted.self, as: "Sorted")
        let report = try await store.saveInBackground(window.application, registry: registry)
        #expect(report.warnings.isEmpty)
        #expect(threads.counts.withLock { $0 } == (main: 0, other: 40))
        let restoredWindow = Window(application: Application())
        let restoreReport = try store.restore(into: restoredWindow, registry: registry)
        #expect(restoreReport.dropped.isEmpty)
        let fields = ((restoredWindow.rootViewController as? TabBarController)?.viewControllers ?? []).map { ($0 as? Sorted)?.sort.field }
        #expect(fields == (0..<40).map { "field \($0)" })
    }

    /// The same failure, encoded by the writer or by the capture, gives the same warning and
    /// leaves the key's earlier value in place.
    @Test func aValueThatFailsOffTheMainActorIsReportedAsOneThatFailsOnIt() throws {
        let window = window(of: [sorted("deferred", "a", failing: FailingValue()), sorted("atOnce", "b", failing: FailingObject())])
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let registry = RestorationRegistry()
        registry.register(Sorted.self, as: "Sorted")
        let report = try store.save(windows: [window], registry: registry)
        let deferred = report.warnings.filter { $0.hasPrefix("/tabs/deferred: ") }
        let atOnce = report.warnings.filter { $0.hasPrefix("/tabs/atOnce: ") }
        #expect(deferred.count == 1 && atOnce.count == 1)
        #expect(deferred.map { $0.replacingOccurrences(of: "/tabs/deferred", with: "/tabs/atOnce") } == atOnce)
        #expect(deferred.first?.contains(#"key "failing""#) == true)
        #expect(deferred.first?.contains("value does not encode") == true)
        let loaded = try store.loadSnapshot()
        for record in loaded.snapshot.controllers where record.className == "Sorted" {
            #expect(record.values["failing"] == record.values["sort"], "\(record.pathString) keeps the key's earlier value")
        }
        // A capture without a store (strict mode, the test kit) reports it too.
        let draft = try SnapshotDraft.capture([window], registry: registry)
        #expect(draft.report.warnings.filter { $0.hasPrefix("/tabs/") }.count == 2)
    }

    @Test func anObjectsValueThatFailsToEncodeIsReported() throws {
        let controller = sorted("owner", "a")
        controller.account = Account()
        let window = window(of: [controller])
        let directory = TemporaryDirectory()
        let store = try RestorationStore(path: directory.path())
        let registry = RestorationRegistry()
        registry.register(Sorted.self, as: "Sorted")
        registry.registerObject(Account.self, as: "Account") { Account() }
        let report = try store.save(windows: [window], registry: registry)
        let objectWarnings = report.warnings.filter { $0.hasPrefix("/object ") }
        #expect(objectWarnings.count == 1)
        #expect(objectWarnings.first?.contains(#"key "settings""#) == true)
        let objects = try store.loadSnapshot().snapshot.objects
        #expect(objects.map(\.className) == ["Account"])
        #expect(objects.first?.values == ["name": .string("kept")])
    }
}
