import ControllerKit
import Foundation
import StateRestoration

/// State saved by earlier releases of an app, kept as files, and restored by today's code: where
/// restore silently rots after a refactor (a renamed class, a changed key, a new container).
///
/// Each release records a fixture, `<version>.sqlite` in a folder the app chooses, only when
/// asked: with `NAVSTATE_RECORD_FIXTURES=1` in the environment, or `force: true`. Every later
/// test run restores each earlier version's fixture with today's registry and fails on anything
/// dropped that the app did not declare expected. The fixtures are copied before each restore,
/// so they stay as they were recorded, in their own schema version.
///
/// ```swift
/// @MainActor @Test func earlierReleasesStillRestore() throws {
///     let fixtures = RestorationFixtures(directory: URL(fileURLWithPath: "Tests/RestorationFixtures"))
///     // Records Tests/RestorationFixtures/2.3.sqlite when NAVSTATE_RECORD_FIXTURES=1.
///     try fixtures.record(appVersion: "2.3", registry: MyApp.registry()) { window in
///         window.rootViewController = MyApp.makeRoot()
///         MyApp.openAnInboxMessage(in: window)
///     }
///     fixtures.expectEarlierVersionsRestore(before: "2.3", registry: MyApp.registry(),
///                                           expectedDrops: ["/tabs/legacyPromo"])
/// }
/// ```
public struct RestorationFixtures: Sendable {
    /// The environment variable that turns recording on when set to a non-empty value.
    public static let recordKey = "NAVSTATE_RECORD_FIXTURES"

    /// The folder holding the fixtures.
    public let directory: URL

    /// Fixtures in `directory`; the folder is made when a fixture is first recorded.
    public init(directory: URL) {
        self.directory = directory
    }

    /// What restoring one fixture did.
    public struct Outcome: Sendable, Hashable, CustomStringConvertible {
        /// The app version that recorded it (its file name without `.sqlite`).
        public var appVersion: String
        /// The restored paths.
        public var restored: [String]
        /// Everything dropped, with the reason.
        public var dropped: [RestoreReport.Dropped]
        /// The drops the app did not declare expected.
        public var unexpected: [RestoreReport.Dropped]
        /// Why nothing restored at all, when nothing did.
        public var failure: String?

        /// Whether the fixture restored with no unexpected drop.
        public var passed: Bool { failure == nil && unexpected.isEmpty }

        public var description: String {
            if let failure { return "\(appVersion): restored nothing: \(failure)" }
            var lines = ["\(appVersion): restored \(restored.count), dropped \(dropped.count) (\(unexpected.count) unexpected)"]
            for drop in dropped {
                let mark = unexpected.contains(drop) ? "unexpected" : "expected  "
                lines.append("  \(mark) \(drop.path)  \(drop.className): \(drop.reason)")
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Whether recording is on: `NAVSTATE_RECORD_FIXTURES` set to a non-empty value.
    public static var isRecording: Bool {
        !(ProcessInfo.processInfo.environment[recordKey] ?? "").isEmpty
    }

    /// The fixture file of `appVersion`.
    public func file(for appVersion: String) -> URL {
        directory.appendingPathComponent("\(appVersion).sqlite")
    }

    /// When recording is on (or `force`), saves the window `build` makes as the fixture of
    /// `appVersion`, replacing an earlier recording of that version; returns the file written, or
    /// `nil` when recording is off.
    @MainActor
    @discardableResult
    public func record(appVersion: String, registry: RestorationRegistry, force: Bool = false,
                       build: (Window) -> Void) throws -> URL? {
        guard force || Self.isRecording else { return nil }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let target = file(for: appVersion)
        Database.removeFiles(atPath: target.path)
        let window = Window(application: Application())
        build(window)
        window.makeKeyAndVisible()
        do {
            let store = try RestorationStore(path: target.path,
                                             configuration: StoreConfiguration(appVersion: appVersion, appBuild: appVersion, keepCount: 1))
            let report = try store.save(windows: [window], registry: registry, label: "fixture \(appVersion)")
            guard report.didSave else { throw StoreError.invalidHierarchy(reason: report.description) }
        }
        window.isHidden = true
        return target
    }

    /// The app versions with a fixture, oldest first (compared numerically: 1.10 after 1.9).
    public func recordedVersions() throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".sqlite") }
            .map { String($0.dropLast(".sqlite".count)) }
            .sorted { $0.compare($1, options: .numeric) == .orderedAscending }
    }

    /// Restores, eagerly so that every controller decodes, a copy of each fixture older than
    /// `currentVersion` (every fixture when `nil`) with `registry`. A drop at a path in
    /// `expectedDrops` is expected; any other is not.
    @MainActor
    public func restoreEarlierVersions(before currentVersion: String? = nil, registry: RestorationRegistry,
                                       expectedDrops: Set<String> = []) throws -> [Outcome] {
        let versions = try recordedVersions().filter { version in
            currentVersion.map { version.compare($0, options: .numeric) == .orderedAscending } ?? true
        }
        return try versions.map { version in try restore(version, registry: registry, expectedDrops: expectedDrops) }
    }

    @MainActor
    private func restore(_ version: String, registry: RestorationRegistry, expectedDrops: Set<String>) throws -> Outcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-fixture-\(UUID().uuidString).sqlite")
        defer { Database.removeFiles(atPath: scratch.path) }
        try FileManager.default.copyItem(at: file(for: version), to: scratch)
        let store = try RestorationStore(path: scratch.path)
        let window = Window(application: Application())
        let report = try store.restore(into: window, registry: registry, timing: .eager)
        var outcome = Outcome(appVersion: version, restored: report.restored, dropped: report.dropped,
                              unexpected: report.dropped.filter { !expectedDrops.contains($0.path) })
        if !report.didRestore { outcome.failure = report.description }
        return outcome
    }

    /// ``restoreEarlierVersions(before:registry:expectedDrops:)`` as a test check: records one
    /// failure per fixture that restored nothing or dropped what was not expected, and a failure
    /// when there is no earlier fixture at all (a folder path typed wrong checks nothing).
    @MainActor
    public func expectEarlierVersionsRestore(before currentVersion: String? = nil, registry: RestorationRegistry,
                                             expectedDrops: Set<String> = [], site: CallSite = CallSite()) {
        let reporter = FailureReporter.current
        do {
            let outcomes = try restoreEarlierVersions(before: currentVersion, registry: registry, expectedDrops: expectedDrops)
            if outcomes.isEmpty {
                reporter.record("no fixture of a version before \(currentVersion ?? "any") in \(directory.path)", at: site)
            }
            for outcome in outcomes where !outcome.passed {
                reporter.record("the fixture of version \(outcome.description)", at: site)
            }
        } catch {
            reporter.record("restoring the fixtures in \(directory.path) failed: \(error)", at: site)
        }
    }
}
