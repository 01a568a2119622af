import ControllerKit

/// A captured hierarchy, ready to write: plain values, so the disk work can happen anywhere
/// (``RestorationStore/capture(windows:registry:label:)`` makes one on the main actor,
/// ``RestorationStore/write(_:)`` writes it).
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
}

extension CapturedSnapshot {
    /// Reads `windows` without any database: what a save would write. Tools use it to check what
    /// would survive (strict mode) and to compare hierarchies by their keyed values.
    @MainActor
    public static func capture(_ windows: [Window], registry: RestorationRegistry,
                               metadata: SnapshotMetadata = SnapshotMetadata(appVersion: "", appBuild: "")) throws(StoreError) -> CapturedSnapshot {
        try SnapshotCapture(registry: registry).capture(windows, metadata: metadata)
    }
}

extension CapturedSnapshot {
    /// Why the schema would refuse this captured, checked before anything is written: ids unique and
    /// positive, windows and positions not negative.
    func refusal() -> String? {
        var seen = Set<Int>()
        for record in controllers {
            let position: Int
            switch record.relation {
            case .navigationStack(let index, _), .tab(let index, _), .child(let index): position = index
            case .windowRoot, .splitColumn, .presented: position = 0
            case .detached: return "\(record.pathString) is detached: a snapshot holds window roots and what hangs from them"
            }
            guard record.id > 0, record.windowIndex >= 0, position >= 0 else {
                return "\(record.pathString) has node id \(record.id), window \(record.windowIndex) and \(record.relation); ids must be positive, windows and positions not negative"
            }
            guard seen.insert(record.id).inserted else { return "two controllers have node id \(record.id), \(record.pathString) the second" }
        }
        for object in objects where object.id <= 0 || !seen.insert(object.id).inserted {
            return "object \(object.id) has an id that is not positive or not unique"
        }
        return nil
    }
}
