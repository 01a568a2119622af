import Foundation
import CSQLite

/// One row's columns, each read from SQLite once. Checking a row's sizes, hashing it and
/// decoding it each touch every column, and each SQLite column call checks and converts anew:
/// reading once cut a restore's column calls from about 150 a row to 40.
///
/// Text and blob bytes point into SQLite's row buffer (valid until the statement steps or
/// resets) or into a ``RowBatch`` (valid while it lends them).
@_spi(Restoration)
public struct RowColumns {
    /// A column's storage class.
    public enum Kind: Sendable { case integer, real, text, blob, null }

    /// One column as read: its storage class and its value, the bytes of text and blobs lent.
    public struct Column {
        /// Its storage class.
        public var kind: Kind = .null
        /// The value of an integer column; 0 for the others.
        public var integer: Int64 = 0
        /// The value of a real column; 0 for the others.
        public var real: Double = 0
        /// Text (UTF-8) or blob bytes; empty for the other kinds, and for a column a batch left
        /// uncopied because it is over its size limit.
        public var bytes = UnsafeRawBufferPointer(start: nil, count: 0)
        /// The text's or blob's size in bytes, copied or not.
        public var size = 0

        /// A null column.
        public init() {}
    }

    private(set) var columns: ArraySlice<Column>

    init(count: Int) { columns = ArraySlice(repeating: Column(), count: count) }

    /// A row of a batch: a slice of its columns.
    init(slice: ArraySlice<Column>) { columns = slice }

    public subscript(column: Int) -> Column { columns[columns.startIndex + column] }

    /// Reads the statement's current row into these columns.
    mutating func read(_ statement: Statement) {
        statement.withHandle { handle in
            for index in 0..<columns.count {
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
                    read.size = read.bytes.count
                case SQLITE_BLOB:
                    read.kind = .blob
                    let start = sqlite3_column_blob(handle, column)
                    read.bytes = UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(handle, column)))
                    read.size = read.bytes.count
                default:
                    break
                }
                columns[columns.startIndex + index] = read
            }
        }
    }

    /// The size of a text or blob column; 0 for the other kinds.
    public func byteCount(at column: Int) -> Int { self[column].size }

    public func kind(at column: Int) -> Kind { self[column].kind }

    /// The column as an integer when it holds one.
    public func integer(at column: Int) -> Int64? {
        let read = self[column]
        return read.kind == .integer ? read.integer : nil
    }

    /// The column as a value, whatever its storage class (text decoded as UTF-8, blob bytes
    /// copied), as ``Statement/value(at:)`` reads one.
    public func value(at column: Int) -> DatabaseValue {
        let read = self[column]
        switch read.kind {
        case .null: return .null
        case .integer: return .integer(read.integer)
        case .real: return .real(read.real)
        case .text: return .text(String(decoding: read.bytes, as: UTF8.self))
        case .blob: return .blob(Data(read.bytes))
        }
    }

    /// The column as text when it holds text.
    public func text(at column: Int) -> String? {
        let read = self[column]
        guard read.kind == .text else { return nil }
        return String(decoding: read.bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }
}
