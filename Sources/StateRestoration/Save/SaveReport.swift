import ControllerKit

/// What a save wrote and what it left out (docs/behaviour.md), readable as text.
public struct SaveReport: Sendable, Hashable, CustomStringConvertible {
    /// A controller that was saved.
    public struct Saved: Sendable, Hashable {
        /// Its restoration path.
        public var path: String
        /// Its registered class name, or its runtime class name when unregistered.
        public var className: String
    }

    /// A controller left out with its subtree.
    public struct LeftOut: Sendable, Hashable {
        /// Where it would have been saved (its class name stands for the missing identifier).
        public var path: String
        /// Its runtime class name.
        public var className: String
        /// Why it was left out.
        public var reason: String
        /// How many controllers below it (children and presented) went with it.
        public var descendantCount: Int
    }

    /// The new snapshot's id; 0 when nothing was saved (see ``refusal``).
    public var snapshotID: Int64 = 0
    /// Why nothing was saved: no controller took part, the app's delegate declined, or autosave found nothing changed.
    public var refusal: String?
    /// Every saved controller, in save order.
    public var saved: [Saved] = []
    /// Every controller left out, with its would-be path and the reason.
    public var leftOut: [LeftOut] = []
    /// Problems that did not stop the save: unregistered classes, references not kept, values that did not encode.
    public var warnings: [String] = []
    /// How many older snapshots the save pruned.
    public var prunedSnapshotCount = 0
    /// How many payloads (distinct keyed-value contents) the save wrote: the others are shared with a kept snapshot.
    public var writtenPayloadCount = 0
    /// The bytes of those payloads.
    public var writtenPayloadBytes = 0

    /// Whether a snapshot was written.
    public var didSave: Bool { refusal == nil }

    public var description: String {
        var lines = [refusal.map { "saved nothing: \($0)" }
                     ?? "saved snapshot \(snapshotID): \(saved.count) controller\(saved.count == 1 ? "" : "s"), "
                     + "\(writtenPayloadCount) new payload\(writtenPayloadCount == 1 ? "" : "s") (\(writtenPayloadBytes) bytes)"]
        if didSave { for entry in saved { lines.append("  saved     \(entry.path)  \(entry.className)") } }
        for entry in leftOut {
            let also = entry.descendantCount > 0 ? " (with \(entry.descendantCount) below it)" : ""
            lines.append("  left out  \(entry.path)  \(entry.className): \(entry.reason)\(also)")
        }
        for warning in warnings { lines.append("  warning   \(warning)") }
        if prunedSnapshotCount > 0 { lines.append("  pruned \(prunedSnapshotCount) older snapshot\(prunedSnapshotCount == 1 ? "" : "s")") }
        return lines.joined(separator: "\n")
    }
}
