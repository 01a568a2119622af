import Foundation

/// Rows copied out of SQLite so that other threads can parse them: every text and blob column's
/// bytes in one buffer, each row a slice of columns pointing into it while the batch lends them.
/// A column over its size limit is not copied (its size is kept, for the error that refuses it).
struct RowBatch {
    /// Columns per row.
    let width: Int
    /// The most bytes each column may hold before it is left uncopied; worked out once, not
    /// asked of a closure for every column of every row.
    private let limits: [Int]
    private var columns: [RowColumns.Column] = []
    /// Where each column's bytes start in `bytes`; -1 for none.
    private var offsets: [Int] = []
    private var bytes: [UInt8] = []
    /// The snapshot each row was read from.
    private(set) var snapshots: [Int64] = []

    init(width: Int, expectedRows: Int, limit: (_ index: Int) -> Int) {
        self.width = width
        limits = (0..<width).map(limit)
        columns.reserveCapacity(expectedRows * width)
        offsets.reserveCapacity(expectedRows * width)
        snapshots.reserveCapacity(expectedRows)
        // About what a row of a controller's texts and payload takes: the buffer grows a few
        // times less while the reading thread copies.
        bytes.reserveCapacity(expectedRows * 512)
    }

    var count: Int { snapshots.count }

    /// The bytes copied so far.
    var byteCount: Int { bytes.count }

    /// Empties the batch, keeping its buffers for the next rows.
    mutating func removeAll() {
        columns.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        snapshots.removeAll(keepingCapacity: true)
    }

    /// Copies `row`, read from snapshot `snapshot`.
    mutating func append(_ row: RowColumns, snapshot: Int64) {
        for index in 0..<width {
            var column = row[index]
            var offset = -1
            if column.kind == .text || column.kind == .blob, column.size <= limits[index] {
                offset = bytes.count
                bytes.append(contentsOf: column.bytes)
            }
            column.bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            columns.append(column)
            offsets.append(offset)
        }
        snapshots.append(snapshot)
    }

    /// Calls `body` with every row; their bytes are valid only during the call.
    func withRows<Result>(_ body: ([RowColumns]) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes { base in
            var lent = columns
            for index in lent.indices where offsets[index] >= 0 {
                let start = offsets[index]
                lent[index].bytes = UnsafeRawBufferPointer(rebasing: base[start..<(start + lent[index].size)])
            }
            let rows = stride(from: 0, to: lent.count, by: width).map { RowColumns(slice: lent[$0..<($0 + width)]) }
            return try body(rows)
        }
    }
}
