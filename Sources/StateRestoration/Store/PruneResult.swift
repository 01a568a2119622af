/// What pruning deleted.
public struct PruneResult: Sendable, Hashable {
    /// The snapshots deleted, oldest first.
    public var deletedSnapshotIDs: [Int64] = []
    /// How many controller states no kept snapshot used any more.
    public var freedStateCount = 0
    /// The keyed-value bytes those states held (the whole chunk, for a state chunk too damaged
    /// to read).
    public var freedPayloadBytes = 0
}

/// Housekeeping on an open database, for tools that do not open a ``RestorationStore``.
public enum SnapshotMaintenance {
    /// Deletes all but the newest `count` snapshots, except the anchors a kept delta overlays,
    /// and the controller states nothing kept uses; in one transaction.
    public static func prune(_ database: Database, keeping count: Int) throws(StoreError) -> PruneResult {
        try StoreError.wrapping(path: database.path) {
            try database.inTransaction { try SnapshotWriter.prune(database, keeping: count) }
        }
    }
}
