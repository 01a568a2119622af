import ControllerKit

/// A captured hierarchy, ready to write: plain values, made on the main actor
/// (``RestorationStore/capture(windows:registry:label:requiringOptIn:)``) and written anywhere
/// (``RestorationStore/write(_:allowingEmpty:session:)``).
public struct CapturedSnapshot: Sendable {
    /// The snapshot's metadata.
    public var metadata: SnapshotMetadata
    /// How many windows were walked.
    public var windowCount: Int
    /// Every controller that takes part, parents before children, with the values it encoded.
    public var controllers: [ControllerRecord]
    /// The other objects they reference, and those the app registered.
    public var objects: [ObjectRecord]
    /// The keys the app's delegate wrote (`application(_:willEncodeRestorableStateWith:)`).
    public var applicationValues: [String: CodedValue] = [:]
    /// The report, without what only the write knows (the snapshot id, what was written).
    public var report: SaveReport

    /// What a save of `windows` would write, with ``SaveReport/saved``, made without a database (for tools).
    @MainActor
    public static func capture(_ windows: [Window], registry: RestorationRegistry) throws(StoreError) -> CapturedSnapshot {
        var captured = try SnapshotCapture(registry: registry).capture(windows, metadata: .init(appVersion: "", appBuild: ""))
        captured.report.saved = captured.controllers.map { .init(path: $0.pathString, className: $0.className) }
        return captured
    }
}
