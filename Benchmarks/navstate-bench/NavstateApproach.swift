import ControllerKit
import Foundation
import MailSample
import StateRestoration

/// The real store: capture on the main actor, one transaction; a lazy restore with the store
/// opened, rows read and verified, lookup, relations and the crash mark (each controller decodes
/// when its view loads).
@MainActor
final class NavstateApproach: Approach {
    let name = "navstate"
    private let registry = MailSample.makeRegistry()
    private var path = ""

    func prepare(in directory: URL) throws {
        path = directory.appendingPathComponent("navstate.sqlite").path
        // Created, migrated and emptied untimed; the timed save opens it as an app's save does
        // with its store already open.
        try RestorationStore(path: path, configuration: StoreConfiguration(keepCount: 2)).discardAll()
        store = try RestorationStore(path: path, configuration: StoreConfiguration(keepCount: 2))
    }

    private var store: RestorationStore?

    func save(_ window: Window) throws -> Double {
        guard let store else { return 0 }
        var draft: SnapshotDraft?
        let mainActor = try milliseconds { draft = try store.capture(windows: [window], registry: registry) }
        if let draft { lastReport = try store.write(draft) }
        return mainActor
    }

    /// The report of the last save.
    private(set) var lastReport: SaveReport?

    func restore() throws -> Window {
        let window = Window(application: Application())
        // Lazily: controllers decode as their views load (the floor and JSON decode all).
        _ = try RestorationStore(path: path).restore(into: window, registry: registry, timing: .lazy)
        return window
    }

    /// A full save, then one controller's value changed: what the next, timed, save writes is
    /// one payload.
    func prepareIncremental(in directory: URL, window: Window) throws {
        try prepare(in: directory)
        _ = try store?.save(windows: [window], registry: registry)
        let message = window.allControllers().first { $0 is MessageController } as? MessageController
        message?.scrollOffset += 1
    }
}
