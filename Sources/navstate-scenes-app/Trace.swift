import Foundation

/// The trace the tests read: one line per UIKit callback, written at once.
enum Trace {
    static func print(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// A property-list value in one spelling whatever its dictionaries' order, each value
    /// marked with its type, so that a value that came back as another type shows.
    static func describe(_ value: Any) -> String {
        switch value {
        case let string as String: return "\"\(string)\""
        case let bool as Bool: return "\(bool)"
        case let integer as Int: return "\(integer)"
        case let double as Double: return "double(\(double))"
        case let date as Date: return "date(\(date.timeIntervalSinceReferenceDate))"
        case let data as Data: return "data(\(data.map { String($0) }.joined(separator: ",")))"
        case let array as [Any]: return "[" + array.map(describe).joined(separator: ", ") + "]"
        case let dictionary as [AnyHashable: Any]:
            let entries = dictionary.map { ("\($0.key.base)", describe($0.value)) }.sorted { $0.0 < $1.0 }
            return "[" + entries.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "]"
        default: return "\(type(of: value))(\(value))"
        }
    }
}
