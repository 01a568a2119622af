import ControllerKit
import Foundation
import MailSample
@_spi(Restoration) import StateRestoration

/// The real store: capture on the main actor, one transaction off it; restore with lookup,
/// relations, decoding and the crash mark.
@MainActor
final class NavstateApproach: Approach {
    let name = "navstate"
    private let registry = MailSample.makeRegistry()
    private var store: RestorationStore?
    private var path = ""

    func prepare(in directory: URL) throws {
        path = directory.appendingPathComponent("navstate.sqlite").path
        // A store opened fresh saves in full; earlier runs' snapshots go untimed, so the timed
        // save does no pruning (the floor does none either; pruning is housekeeping of its own).
        let opened = try RestorationStore(path: path, configuration: StoreConfiguration(keepCount: 2))
        try opened.discardAll()
        store = opened
        // Whatever the discard queued is not the timed save's.
        _ = settle()
    }

    func save(_ window: Window) throws -> Double {
        guard let store else { return 0 }
        var captured: SnapshotDraft?
        let mainActor = try milliseconds { captured = try store.capture(windows: [window], registry: registry) }
        // Handed over, not copied, as `save(windows:registry:)` does: a draft still held here
        // would make the writer copy every record it keeps.
        if let draft = captured.take() { _ = try store.write(draft) }
        return mainActor
    }

    /// Waits for everything the save left running on other threads (its bookkeeping, the
    /// freeing of what it wrote, its checkpoints: ``RestorationStore/waitForBackgroundWork()``);
    /// returns the checkpoints' time on the store's checkpoint thread, or `nil` when the save
    /// queued none.
    func settle() -> Double? {
        let durations = store?.waitForBackgroundWork() ?? []
        guard !durations.isEmpty else { return nil }
        return durations.reduce(0) { $0 + Double($1.components.attoseconds) / 1e15 + Double($1.components.seconds) * 1e3 }
    }

    /// The restore frees the records it read on another thread: waited for.
    func settleAfterRestore() {
        waitForBackgroundReleases()
    }

    /// Points at a database saved earlier, without touching it.
    func use(_ directory: URL) throws {
        path = directory.appendingPathComponent("navstate.sqlite").path
    }

    func restore() throws -> Window {
        let window = Window(application: Application())
        _ = try RestorationStore(path: path).restore(into: window, registry: registry)
        return window
    }

    /// After a full save, one controller's values change: the incremental save is timed.
    func prepareIncremental(in directory: URL, window: Window) throws -> ViewController? {
        try prepare(in: directory)
        _ = try store?.save(windows: [window], registry: registry)
        _ = try store?.save(windows: [window], registry: registry)
        let dirty = window.allControllers().first { $0 is MessageController }
        (dirty as? MessageController)?.scrollOffset += 1
        // The full saves' checkpoints are not the incremental save's to wait for.
        _ = settle()
        return dirty
    }
}
