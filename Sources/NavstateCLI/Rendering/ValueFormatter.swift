import ControllerKit
import Foundation
import StateRestoration

/// Keyed values decoded for people and for JSON: strings quoted, dates in UTC, Codable payloads
/// as JSON, references as the path they point to; raw bytes only when asked for.
struct ValueFormatter {
    /// Paths of the snapshot's controllers and names of its objects, by id.
    let targets: [Int: String]
    var showsHex = false

    init(snapshot: Snapshot, showsHex: Bool = false) {
        var targets: [Int: String] = [:]
        for record in snapshot.controllers { targets[record.id] = record.pathString }
        for object in snapshot.objects { targets[object.id] = "object #\(object.id) (\(object.className))" }
        self.targets = targets
        self.showsHex = showsHex
    }

    static func typeName(_ value: CodedValue) -> String { value.typeName }

    /// One line for people.
    func text(_ value: CodedValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        case .float(let number): return String(number)
        case .string(let string): return Self.quoted(string)
        case .data(let data):
            return showsHex ? data.map { String(format: "%02x", $0) }.joined() : "\(data.count) bytes (--hex shows them)"
        case .date(let date): return Self.utc(date)
        case .array(let values): return "[" + values.map(text).joined(separator: ", ") + "]"
        case .dictionary(let values):
            return "{" + values.sorted { $0.key < $1.key }.map { "\(Self.quoted($0.key)): \(text($0.value))" }.joined(separator: ", ") + "}"
        case .codable(let json): return Self.canonicalJSON(json) ?? "invalid JSON (\(json.count) bytes)"
        case .object(let reference): return "→ " + (targets[reference.id] ?? "missing #\(reference.id)")
        }
    }

    /// The JSON form: `{"type": …, "value": …}`.
    func json(_ value: CodedValue) -> [String: Any] {
        ["type": value.typeName, "value": jsonValue(value)]
    }

    private func jsonValue(_ value: CodedValue) -> Any {
        switch value {
        case .bool(let flag): return flag
        case .integer(let number): return number
        case .double(let number): return number.isFinite ? number as Any : String(number)
        case .float(let number): return number.isFinite ? Double(number) as Any : String(number)
        case .string(let string): return string
        case .data(let data): return data.base64EncodedString()
        case .date(let date): return Self.utc(date)
        case .array(let values): return values.map(jsonValue)
        case .dictionary(let values): return values.mapValues(jsonValue)
        case .codable(let json): return (try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])) ?? NSNull()
        case .object(let reference):
            let target: Any = targets[reference.id] ?? NSNull()
            return ["id": reference.id, "target": target]
        }
    }

    static func quoted(_ string: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [string], options: [.withoutEscapingSlashes])) ?? Data()
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }

    /// A date as the database stores it: UTC, to the nearest millisecond. Foundation's style
    /// cuts the fraction off, so the date given to it is the nearest millisecond's middle.
    static func utc(_ date: Date) -> String {
        let middle = ((date.timeIntervalSince1970 * 1000).rounded() + 0.5) / 1000
        return Date(timeIntervalSince1970: middle).formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static func canonicalJSON(_ data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              let canonical = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return nil }
        return String(decoding: canonical, as: UTF8.self)
    }
}
