import ControllerKit
import Foundation
import MailSample
import StateRestoration

/// The real store through its public API: capture on the main actor, one transaction; a restore
/// with the store opened, rows read and verified, lookup, relations and the crash mark. The
/// eager restore loads and decodes every controller during the call, as UIKit's does; the lazy
/// one leaves each to decode when its view loads.
@MainActor
final class NavstateApproach: Approach {
    let name = "navstate"
    private let registry = MailSample.makeRegistry()
    private var path = ""
    private var store: RestorationStore?

    /// The milliseconds the last save spent on the main actor, capturing.
    private(set) var lastCaptureMilliseconds = 0.0
    /// The report of the last save.
    private(set) var lastReport: SaveReport?

    func prepare(in directory: URL) throws {
        path = directory.appendingPathComponent("navstate.sqlite").path
        // Created, migrated and emptied untimed; the timed save opens it as an app's save does
        // with its store already open.
        try RestorationStore(path: path, configuration: StoreConfiguration(keepCount: 2)).discardAll()
        store = try RestorationStore(path: path, configuration: StoreConfiguration(keepCount: 2))
    }

    func save(_ window: Window) throws {
        guard let store else { return }
        let (draft, capture) = try measured { try store.capture(windows: [window], registry: registry) }
        lastCaptureMilliseconds = capture
        lastReport = try store.write(draft)
    }

    func restore() throws -> Window {
        try restore(timing: .eager)
    }

    /// The lazy restore: controllers are made and attached; each decodes when its view loads.
    func restoreLazily() throws -> Window {
        try restore(timing: .lazy)
    }

    private func restore(timing: RestoreTiming) throws -> Window {
        let window = Window(application: Application())
        let report = try RestorationStore(path: path).restore(into: window, registry: registry, timing: timing)
        guard report.didRestore else { throw BenchError(description: "navstate did not restore: \(report)") }
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
