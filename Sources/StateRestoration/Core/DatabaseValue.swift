import Foundation

/// A value bound to or read from a statement: SQLite's five storage classes.
public enum DatabaseValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

/// Swift values that bind as statement parameters.
public protocol DatabaseValueConvertible: Sendable {
    /// The value as SQLite stores it.
    var databaseValue: DatabaseValue { get }
}

extension Int: DatabaseValueConvertible { public var databaseValue: DatabaseValue { .integer(Int64(self)) } }
extension Int64: DatabaseValueConvertible { public var databaseValue: DatabaseValue { .integer(self) } }
extension Bool: DatabaseValueConvertible { public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) } }
extension Double: DatabaseValueConvertible { public var databaseValue: DatabaseValue { .real(self) } }
extension String: DatabaseValueConvertible { public var databaseValue: DatabaseValue { .text(self) } }
extension Data: DatabaseValueConvertible { public var databaseValue: DatabaseValue { .blob(self) } }
extension DatabaseValue: DatabaseValueConvertible { public var databaseValue: DatabaseValue { self } }

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
}
