import ControllerKit
import Synchronization

/// Saves an application's state continuously, so a crash or a kill loses at most one interval
/// (UIKit saves in the background only); when, and why not in a scene app: docs/behaviour.md §3.1.
///
/// ```swift
/// let autosave = store.startAutosave(Application.shared, registry: registry)
/// // When the app goes to the background or terminates:
/// let report = try autosave.flush()
/// ```
@MainActor
public final class Autosave {
    /// The longest a change waits to be saved.
    public let interval: Duration
    /// What the last write reported, or the error it threw.
    public private(set) var lastResult: Result<SaveReport, StoreError>?
    /// How many snapshots autosave has written.
    public private(set) var writtenCount = 0

    private let store: RestorationStore
    private let application: Application
    private let registry: RestorationRegistry
    private let writer = OrderedWriter()
    private var observer: ObserverToken?
    private var ticker: Task<Void, Never>?
    private var writing: Task<Void, Never>?
    private var lastSaveStarted: ContinuousClock.Instant
    private var sequence = 0
    private var lastCaptured: (controllers: [ControllerRecord], objects: [ObjectRecord], application: [String: CodedValue])?

    init(store: RestorationStore, application: Application, registry: RestorationRegistry, interval: Duration) {
        self.store = store
        self.application = application
        self.registry = registry
        self.interval = interval
        lastSaveStarted = .now - interval   // The first save is due at once.
        // The application holds autosave until `stop()`: one stopped by its caller's variable going would fail silently.
        observer = application.addHierarchyChangeObserver { _ in self.saveIfDue() }
        // Wakes an interval after the last save started, at least a millisecond apart so that a zero interval does not spin.
        ticker = Task { [weak self] in
            while !Task.isCancelled, let due = self.map({ $0.lastSaveStarted + $0.interval }) {
                try? await Task.sleep(until: max(due, .now + .milliseconds(1)), clock: .continuous)
                self?.saveIfDue()
            }
        }
        saveIfDue()
    }

    /// Returns when no write is under way: for async termination paths, and for tests.
    public func waitUntilIdle() async {
        while let writing { await writing.value }
    }

    /// Stops saving, and the application lets go of it; a write under way finishes.
    public func stop() {
        ticker?.cancel()
        ticker = nil
        if let observer { application.removeObserver(observer) }
        observer = nil
    }

    /// Saves now, whatever the interval: for the app's background and termination moments.
    @discardableResult
    public func flush() throws(StoreError) -> SaveReport {
        if let refusal = sceneAppRefusal() { return refusal }
        guard let (captured, sequence) = try captureIfChanged() else {
            return SaveReport(refusal: "nothing changed since the last save")
        }
        let result = writer.write(captured, sequence: sequence, to: store)
        record(result)
        return try result.get()
    }

    /// Writes the hierarchy off the main actor when the last save started an interval ago and it
    /// changed; nothing while a write is under way (the next tick comes back). In a scene app it
    /// stops: it would never save, and its ticker would wake at every chance, as no save moves it on.
    private func saveIfDue() {
        guard writing == nil, ContinuousClock.now >= lastSaveStarted + interval else { return }
        guard sceneAppRefusal() == nil else { return stop() }
        lastSaveStarted = ContinuousClock.now
        do {
            guard let (captured, sequence) = try captureIfChanged() else { return }
            writing = Task { [weak self, store, writer] in
                let result = await Task.detached { writer.write(captured, sequence: sequence, to: store) }.value
                self?.record(result)
                self?.writing = nil
            }
        } catch {
            lastResult = .failure(error)
        }
    }

    /// The refusal recorded as the last result in an app with scenes, or `nil`.
    private func sceneAppRefusal() -> SaveReport? {
        guard application.sceneDelegateFactory != nil else { return nil }
        let refusal = SaveReport(refusal: "the app uses scenes: each scene session is saved when its scene enters "
                                     + "the background, not by autosave")
        lastResult = .success(refusal)
        return refusal
    }

    private func record(_ result: Result<SaveReport, StoreError>) {
        lastResult = result
        if case .success(let report) = result, report.didSave { writtenCount += 1 }
    }

    /// The hierarchy captured and numbered in capture order, or `nil` when it equals the last one.
    private func captureIfChanged() throws(StoreError) -> (CapturedSnapshot, sequence: Int)? {
        let captured = try store.capture(windows: application.windows, registry: registry, label: "autosave")
        let state = (captured.controllers, captured.objects, captured.applicationValues)
        if let lastCaptured, lastCaptured == state { return nil }
        lastCaptured = state
        sequence += 1
        return (captured, sequence)
    }
}

/// Writes captured snapshots one at a time, never one older (by its `sequence`) than one already
/// written: a flush on the main actor and a background write may race for the store.
final class OrderedWriter: Sendable {
    /// Held for the whole write.
    private let newestWritten = Mutex(0)

    func write(_ captured: CapturedSnapshot, sequence: Int, to store: RestorationStore) -> Result<SaveReport, StoreError> {
        newestWritten.withLock { newestWritten in
            guard sequence > newestWritten else {
                var report = captured.report
                report.refusal = "a newer state was saved first"
                return .success(report)
            }
            newestWritten = sequence
            return Result { () throws(StoreError) in try store.write(captured) }
        }
    }
}

extension RestorationStore {
    /// Starts saving `application`'s state until ``Autosave/stop()`` (docs/behaviour.md §3.1).
    @MainActor
    public func startAutosave(_ application: Application, registry: RestorationRegistry,
                              interval: Duration = .seconds(1)) -> Autosave {
        Autosave(store: self, application: application, registry: registry, interval: interval)
    }
}
