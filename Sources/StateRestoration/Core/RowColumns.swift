import CSQLite
import Foundation

/// The current row's columns, each read from SQLite once. Checking a row's sizes, hashing it and
/// decoding it each touch every column, and every SQLite column call takes the connection's
/// mutex: reading once cut a restore's column calls from about 150 a row to 40.
///
/// Text and blob bytes point into SQLite's row buffer: valid until the statement steps or resets.
struct RowColumns {
    struct Column {
        var kind: Statement.ColumnKind = .null
        var integer: Int64 = 0
        var real: Double = 0
        /// Text (UTF-8) or blob bytes; empty for the other kinds.
        var bytes = UnsafeRawBufferPointer(start: nil, count: 0)
    }

    private(set) var columns: [Column] = []

    init(count: Int) { columns = Array(repeating: Column(), count: count) }

    subscript(column: Int) -> Column { columns[column] }

    /// Reads the statement's current row into these columns.
    mutating func read(_ statement: Statement) {
        statement.withHandle { handle in
            for index in columns.indices {
                let column = Int32(index)
                var read = Column()
                switch sqlite3_column_type(handle, column) {
                case SQLITE_INTEGER:
                    read.kind = .integer
                    read.integer = sqlite3_column_int64(handle, column)
                case SQLITE_FLOAT:
                    read.kind = .real
                    read.real = sqlite3_column_double(handle, column)
                case SQLITE_TEXT:
                    read.kind = .text
                    // The pointer first, then its length, as SQLite documents.
                    let start = sqlite3_column_text(handle, column).map(UnsafeRawPointer.init)
                    read.bytes = UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(handle, column)))
                case SQLITE_BLOB:
                    read.kind = .blob
                    let start = sqlite3_column_blob(handle, column)
                    read.bytes = UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(handle, column)))
                default:
                    break
                }
                columns[index] = read
            }
        }
    }

    /// The size of a text or blob column; 0 for the other kinds.
    func byteCount(at column: Int) -> Int { columns[column].bytes.count }

    func kind(at column: Int) -> Statement.ColumnKind { columns[column].kind }

    /// The column as an integer when it holds one.
    func integer(at column: Int) -> Int64? {
        columns[column].kind == .integer ? columns[column].integer : nil
    }

    /// The column as text when it holds text.
    func text(at column: Int) -> String? {
        guard columns[column].kind == .text else { return nil }
        return String(decoding: columns[column].bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }

    /// The column's value, whatever its storage class.
    func value(at column: Int) -> DatabaseValue {
        let read = columns[column]
        switch read.kind {
        case .integer: return .integer(read.integer)
        case .real: return .real(read.real)
        case .text: return .text(String(decoding: read.bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self))
        case .blob: return .blob(Data(read.bytes))
        case .null: return .null
        }
    }
}
