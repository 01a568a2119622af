import ControllerKit

/// What a save wrote and what it left out (`RESTORATION.md` §1.1), readable as text.
public struct SaveReport: Sendable, Hashable, CustomStringConvertible {
    /// A controller that was saved.
    public struct Saved: Sendable, Hashable {
        /// Its restoration path.
        public var path: String
        /// The name it was saved under: its registered name, or its runtime class name when
        /// unregistered.
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

    /// The new snapshot's id.
    public var snapshotID: Int64
    /// Every saved controller, in save order.
    public var saved: [Saved]
    /// Every controller left out, with its would-be path and the reason.
    public var leftOut: [LeftOut]
    /// Problems that did not stop the save: unregistered classes, references that could not be
    /// kept, values that did not encode.
    public var warnings: [String]
    /// How many older snapshots the save pruned.
    public var prunedSnapshotCount: Int
    /// How many node records the save wrote: all controllers for a full snapshot, only the ones
    /// that differ from the anchor for a delta.
    public var writtenControllerCount = 0
    /// How many controllers were encoded into new state records (the others share earlier ones).
    public var writtenStateCount = 0
    /// The full snapshot a delta overlays; `nil` for a full snapshot.
    public var baseSnapshotID: Int64?

    public var description: String {
        var lines = ["saved snapshot \(snapshotID): \(saved.count) controller\(saved.count == 1 ? "" : "s")"]
        if let base = baseSnapshotID {
            lines[0] += " (a delta over snapshot \(base): \(writtenControllerCount) rows written, \(writtenStateCount) states encoded)"
        }
        for entry in saved { lines.append("  saved     \(entry.path)  \(entry.className)") }
        for entry in leftOut {
            let also = entry.descendantCount > 0 ? " (with \(entry.descendantCount) below it)" : ""
            lines.append("  left out  \(entry.path)  \(entry.className): \(entry.reason)\(also)")
        }
        for warning in warnings { lines.append("  warning   \(warning)") }
        if prunedSnapshotCount > 0 { lines.append("  pruned \(prunedSnapshotCount) older snapshot\(prunedSnapshotCount == 1 ? "" : "s")") }
        return lines.joined(separator: "\n")
    }
}

extension SaveReport {
    /// The warning for a coder's error at `path` (the path's text): the same whether the
    /// capture, the writer or a draft found it.
    static func warning(_ error: CoderError, at path: String) -> String {
        "\(path): \(error)"
    }
}
