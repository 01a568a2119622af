import ControllerKit
import Foundation
@testable import StateRestoration
import Testing

/// A store copies its write-ahead log into the database file on its own queue after a commit
/// fills the log past its threshold, never inside the commit, as SQLite's automatic checkpoint
/// would.
@MainActor
@Suite struct CheckpointTests {
    private func registry() -> RestorationRegistry {
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        return registry
    }

    /// About 5 MB of values: one save puts some 1,200 pages in the log, past SQLite's own
    /// threshold of 1,000.
    private func largeWindow() -> Window {
        let window = Window(application: Application())
        window.rootViewController = Make.nav("nav", (0..<50).map { Note("n\($0)", text: String(repeating: "\($0 % 10)", count: 100_000)) })
        return window
    }

    private func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    @Test func aSaveThatFillsTheLogLeavesTheCopyToTheStoresQueue() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        let store = try RestorationStore(path: path)
        let before = size(path)
        store.checkpointer.queue.suspend()
        _ = try store.save(windows: [largeWindow()], registry: registry())
        #expect(size(path + "-wal") > 1_000 * 4_096)
        #expect(size(path) == before, "the commit copied the log into the file")
        store.checkpointer.queue.resume()
        store.checkpointer.wait()
        #expect(size(path) > 5_000_000)
        // Read from the file now, as from the log before.
        let restored = Window(application: Application())
        let report = try RestorationStore(path: path).restore(into: restored, registry: registry())
        #expect(report.dropped.isEmpty && report.restored.count == 51)
        #expect((restored.rootViewController?.children.last as? Note)?.text.count == 100_000)
    }

    @Test func aLogBelowTheThresholdStaysWhereItIs() throws {
        let directory = TemporaryDirectory()
        let path = directory.path()
        let store = try RestorationStore(path: path, configuration: StoreConfiguration(checkpointPages: 100_000))
        let before = size(path)
        _ = try store.save(windows: [largeWindow()], registry: registry())
        store.checkpointer.wait()
        #expect(size(path) == before)
        #expect(size(path + "-wal") > 1_000 * 4_096)
    }
}
