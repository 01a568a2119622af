/// What pruning deleted.
public struct PruneResult: Sendable, Hashable {
    /// The snapshots deleted, oldest first.
    public var deletedSnapshotIDs: [Int64] = []
    /// How many payloads (distinct keyed-value contents) no kept snapshot used any more.
    public var freedPayloadCount = 0
    /// The bytes those payloads held.
    public var freedPayloadBytes = 0
}

/// Housekeeping on an open database, for tools that do not open a ``RestorationStore``.
public enum SnapshotMaintenance {
    /// Deletes all but the newest `count` snapshots, and the payloads nothing kept uses; in one
    /// transaction. A dry run does the same work and rolls it back, so it reports exactly what a
    /// prune would delete and free.
    public static func prune(_ database: Database, keeping count: Int, dryRun: Bool = false) throws(StoreError) -> PruneResult {
        try StoreError.wrapping(path: database.path) {
            guard dryRun else { return try database.inTransaction { try SnapshotWriter.prune(database, keeping: count) } }
            try database.execute("BEGIN IMMEDIATE")
            defer { try? database.execute("ROLLBACK") }
            return try SnapshotWriter.prune(database, keeping: count)
        }
    }
}
