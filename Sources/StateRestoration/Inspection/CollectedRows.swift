extension SnapshotReader {
    /// A load's parsed rows as the structural checks read them: the records that parsed, and
    /// index for index beside them each row's path text (for problems), its summary and its
    /// payload left to decode; and what is wrong with the rows that did not parse.
    ///
    /// Arrays by index rather than tables by id: hashing ten thousand ids into a table was a
    /// fifth of collecting the parsed rows (timestamps).
    struct CollectedRows {
        var records: [ControllerRecord] = []
        /// Each record's path as its row stores it.
        var storedPaths: [String] = []
        /// What the checks read of each record (see ``StructureSummary``).
        var summaries: [StructureSummary] = []
        /// The payload each record was parsed without, if it was.
        var payloads: [UnsafeRawBufferPointer?] = []
        /// How many of `payloads` are there.
        var deferredCount = 0
        /// The node ids of the rows that failed to parse: a child of one is dropped with it,
        /// not reported dangling.
        var failedIDs = Set<Int>()
        /// The rows that failed to parse, in row order.
        var problems: [SnapshotProblem] = []

        init(capacity: Int) {
            records.reserveCapacity(capacity)
            storedPaths.reserveCapacity(capacity)
            summaries.reserveCapacity(capacity)
            payloads.reserveCapacity(capacity)
        }

        /// Takes `rows` in order, moved rather than copied, and empties `rows`; returns how
        /// many it took. With `seen`, a row whose node id is in it is skipped (a delta's records
        /// hide its anchor's), and the others' are added.
        ///
        /// Copying each row out retained everything it holds, and freeing `rows` released it
        /// all again; a closure per row (the first way of moving them) had the compiler check
        /// exclusive access to the arrays here at run time, four times a row (callgrind); and
        /// reversing the rows to move them out from the end touched each twice (perf: a tenth
        /// of the load's main-thread time).
        mutating func take(_ rows: inout [ParsedRow], unlessSeenIn seen: inout Set<Int>?) -> Int {
            var taken = 0
            rows.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for offset in 0..<buffer.count {
                    // Taken in place, field by field: what is left holds nothing to release, for
                    // the array's own cleanup.
                    if let nodeID = base[offset].nodeID, seen != nil, seen?.insert(nodeID).inserted == false { continue }
                    taken += 1
                    append(&base[offset])
                }
            }
            rows = []
            return taken
        }

        /// Moves `row`'s record, path and summary out, leaving placeholders that hold nothing:
        /// copying them retained each, and freeing the row released it again.
        private mutating func append(_ row: inout ParsedRow) {
            var path = ""
            swap(&path, &row.path)
            var record: Result<ControllerRecord, SnapshotProblem.Reason> = .failure(.unreachable)
            swap(&record, &row.record)
            let summary = row.summary.take()
            switch consume record {
            case .success(let parsed):
                summaries.append(summary ?? StructureSummary(parsed, component: SnapshotPath.lastComponent(path)))
                records.append(parsed)
                payloads.append(row.payload)
                if row.payload != nil { deferredCount += 1 }
                storedPaths.append(path)
            case .failure(let reason):
                if let nodeID = row.nodeID { failedIDs.insert(nodeID) }
                problems.append(SnapshotProblem(nodeID: row.nodeID, path: path, reason: reason))
            }
        }
    }
}
