/// What pruning deleted.
public struct PruneResult: Sendable, Hashable {
    /// The snapshots deleted, oldest first.
    public var deletedSnapshotIDs: [Int64] = []
    /// How many payloads (distinct keyed-value contents) no kept snapshot used any more.
    public var freedPayloadCount = 0
    /// The bytes those payloads held.
    public var freedPayloadBytes = 0
}

/// Pruning, the one place it is done: a save prunes to ``StoreConfiguration/keepCount`` in its
/// transaction; ``RestorationStore/prune(keeping:)`` and the CLI prune on their own.
public enum SnapshotMaintenance {
    /// Deletes all but the newest `count` snapshots of each scene session, and the payloads
    /// nothing kept uses; in one transaction. A dry run does the same work and rolls it back, so
    /// it reports exactly what a prune would delete and free.
    public static func prune(_ database: Database, keeping count: Int, dryRun: Bool = false) throws(StoreError) -> PruneResult {
        try StoreError.wrapping(path: database.path) {
            guard dryRun else { return try database.inTransaction { try prune(inTransaction: database, keeping: count) } }
            try database.execute("BEGIN IMMEDIATE")
            defer { try? database.execute("ROLLBACK") }
            return try prune(inTransaction: database, keeping: count)
        }
    }

    /// ``prune(_:keeping:dryRun:)``'s deletions (one snapshot kept at least), in the caller's transaction;
    /// with `session`, of that session row's alone (a save's: one window's saves never prune another's state).
    static func prune(inTransaction database: Database, keeping count: Int, session: Int64? = nil) throws -> PruneResult {
        var result = PruneResult()
        let keep = max(count, 1)
        let (older, arguments): (String, [any DatabaseValueConvertible]) = if let session {
            ("SELECT id FROM snapshot WHERE session_id = ? ORDER BY id DESC LIMIT -1 OFFSET ?", [session, keep])
        } else {
            ("SELECT id FROM snapshot s WHERE (SELECT count(*) FROM snapshot n WHERE n.session_id IS s.session_id AND n.id > s.id) >= ?",
             [keep])
        }
        try database.cachedStatement(older).forEachRow(arguments) { row in
            if let id = row.integer(named: "id") { result.deletedSnapshotIDs.append(id) }
        }
        result.deletedSnapshotIDs.sort()
        guard !result.deletedSnapshotIDs.isEmpty else { return result }
        let delete = try database.cachedStatement("DELETE FROM snapshot WHERE id = ?")
        for id in result.deletedSnapshotIDs { try delete.execute([.integer(id)]) }
        try deleteUnusedPayloads(in: database, into: &result)
        return result
    }

    /// Deletes the payloads no kept row uses, adding them to `result`, in the caller's transaction.
    static func deleteUnusedPayloads(in database: Database, into result: inout PruneResult) throws {
        try database.cachedStatement("""
            DELETE FROM payload
            WHERE hash NOT IN (SELECT payload_hash FROM controller) AND hash NOT IN (SELECT payload_hash FROM object)
                AND hash NOT IN (SELECT payload_hash FROM snapshot WHERE payload_hash IS NOT NULL)
            RETURNING length(bytes)
            """).forEachRow { row in
            result.freedPayloadCount += 1
            result.freedPayloadBytes += Int(row.integer(at: 0) ?? 0)
        }
    }
}
