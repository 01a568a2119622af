/// What a restore rebuilt and what it dropped (docs/behaviour.md §4.7), readable as text.
public struct RestoreReport: Sendable, Hashable, CustomStringConvertible {
    /// A controller that was not restored, with its subtree.
    public struct Dropped: Sendable, Hashable {
        /// Its restoration path in the snapshot.
        public var path: String
        /// The class name the snapshot recorded for it.
        public var className: String
        /// Why it was not restored, in a sentence.
        public var reason: String
    }

    /// A snapshot passed over.
    public struct Skipped: Sendable, Hashable {
        /// The snapshot passed over.
        public var snapshotID: Int64
        /// Why, in a sentence.
        public var reason: String
    }

    /// The snapshot restored from, or `nil` when nothing was restored.
    public var snapshotID: Int64?
    /// The paths restored, parents first.
    public var restored: [String] = []
    /// Every path dropped, with the reason.
    public var dropped: [Dropped] = []
    /// Snapshots passed over (a restore of them crashed part-way, or they are quarantined).
    public var skipped: [Skipped] = []
    /// Why nothing was restored although a snapshot was left (docs/behaviour.md §4.1).
    public var refusal: String?
    /// Problems that dropped nothing.
    public var warnings: [String] = []

    /// An empty report, or one of a restore that passed over `skipped` and restored nothing for `refusal`.
    public init(skipped: [Skipped] = [], refusal: String? = nil) {
        self.skipped = skipped
        self.refusal = refusal
    }

    /// Whether at least one controller came back; when `false` the app builds its first screen.
    public var didRestore: Bool { snapshotID != nil && !restored.isEmpty }

    public var description: String {
        var lines: [String] = []
        if let snapshotID, restored.isEmpty {
            lines.append("restored nothing: every controller of snapshot \(snapshotID) was dropped")
        } else if let snapshotID {
            lines.append("restored snapshot \(snapshotID): \(restored.count) controller\(restored.count == 1 ? "" : "s"), \(dropped.count) dropped")
        } else {
            lines.append("restored nothing: \(refusal ?? "no snapshot to restore")")
        }
        for skip in skipped { lines.append("  skipped   snapshot \(skip.snapshotID): \(skip.reason)") }
        for path in restored { lines.append("  restored  \(path)") }
        for drop in dropped { lines.append("  dropped   \(drop.path)  \(drop.className): \(drop.reason)") }
        for warning in warnings { lines.append("  warning   \(warning)") }
        return lines.joined(separator: "\n")
    }
}
