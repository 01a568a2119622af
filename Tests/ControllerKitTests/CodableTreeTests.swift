import ControllerKit
import Foundation
import Testing

/// `encodeEncodable` stores Codable values as trees of keyed values: every shape Codable
/// synthesizes round-trips, what a tree cannot hold falls back to JSON, and values stored as JSON
/// by earlier versions still decode.
@MainActor
@Suite struct CodableTreeTests {
    enum Sort: String, Codable, Equatable { case date, sender }

    enum Filter: Codable, Equatable {
        case none
        case unread(since: Date)
        case label(String, caseSensitive: Bool)
    }

    struct Attachment: Codable, Equatable {
        var name: String
        var bytes: Data
        var link: URL
    }

    struct Fields: Codable, Equatable {
        var flag: Bool
        var count: Int
        var ratio: Double
        var name: String
    }

    struct Everything: Codable, Equatable {
        var text = "héllo \"quoted\""
        var flag = true
        var small: Int8 = -8
        var count = 42
        var big = Int64.max
        var unsigned: UInt32 = 4_000_000_000
        var ratio = 0.1
        var scale: Float = 1.5
        var when = Date(timeIntervalSince1970: 1_790_000_000.25)
        var sort = Sort.sender
        var filters: [Filter] = [.none, .unread(since: Date(timeIntervalSince1970: 1)), .label("work", caseSensitive: false)]
        var nested: [[Int]] = [[1, 2], [], [3]]
        var byName: [String: Int] = ["a": 1, "b": 2]
        var byNumber: [Int: String] = [1: "one", 20: "twenty"]
        var missing: String?
        var present: String? = "here"
        var attachments = [Attachment(name: "a.pdf", bytes: Data([0, 255]), link: URL(fileURLWithPath: "/tmp/a.pdf"))]
        var amount = Decimal(string: "12.34") ?? 0
    }

    class Base: Codable {
        var id = 7
        init() {}
    }

    final class Derived: Base {
        var name = "derived"
        private enum CodingKeys: String, CodingKey { case name }
        override init() { super.init() }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            try super.init(from: container.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test func everySynthesizedShapeRoundTripsAsATree() throws {
        let coder = Coder()
        coder.encodeEncodable(Everything(), forKey: "all")
        guard case .dictionary(let tree) = coder.values["all"] else {
            Issue.record("stored as \(String(describing: coder.values["all"])), not as a tree")
            return
        }
        #expect(tree["when"] == .date(Date(timeIntervalSince1970: 1_790_000_000.25)))
        #expect(tree["sort"] == .string("sender"))
        #expect(tree["missing"] == nil)
        #expect(coder.decodeDecodable(Everything.self, forKey: "all") == Everything())
        #expect(coder.errors.isEmpty)
    }

    /// Primitives, `Date` and `Data` keep their own cases at the top of a tree and inside
    /// arrays; a type that only wraps one (a raw-value enum) still encodes itself.
    @Test func primitivesAtTheTopAndInArraysKeepTheirOwnCases() {
        let coder = Coder()
        let when = Date(timeIntervalSince1970: 12.5)
        coder.encodeEncodable("text", forKey: "string")
        coder.encodeEncodable(-3, forKey: "int")
        coder.encodeEncodable(true, forKey: "bool")
        coder.encodeEncodable(0.25, forKey: "double")
        coder.encodeEncodable(Float(1.5), forKey: "float")
        coder.encodeEncodable(when, forKey: "date")
        coder.encodeEncodable(Data([1, 2]), forKey: "data")
        coder.encodeEncodable([when, when], forKey: "dates")
        coder.encodeEncodable(Sort.date, forKey: "sort")
        #expect(coder.values["string"] == .string("text"))
        #expect(coder.values["int"] == .integer(-3))
        #expect(coder.values["bool"] == .bool(true))
        #expect(coder.values["double"] == .double(0.25))
        #expect(coder.values["float"] == .float(1.5))
        #expect(coder.values["date"] == .date(when))
        #expect(coder.values["data"] == .data(Data([1, 2])))
        #expect(coder.values["dates"] == .array([.date(when), .date(when)]))
        #expect(coder.values["sort"] == .string("date"))
        #expect(coder.decodeDecodable(Date.self, forKey: "date") == when)
        #expect(coder.decodeDecodable([Date].self, forKey: "dates") == [when, when])
        #expect(coder.decodeDecodable(Sort.self, forKey: "sort") == .date)
        #expect(coder.errors.isEmpty)
    }

    @Test func aSubclassRoundTripsThroughItsSuperEncoder() throws {
        let coder = Coder()
        let original = Derived()
        original.id = 99
        coder.encodeEncodable(original, forKey: "object")
        let restored = coder.decodeDecodable(Derived.self, forKey: "object")
        #expect(restored?.id == 99)
        #expect(restored?.name == "derived")
        #expect(coder.errors.isEmpty)
    }

    @Test func whatATreeCannotHoldIsStoredAsJSONAndStillRoundTrips() throws {
        let coder = Coder()
        let optionals: [Int?] = [1, nil, 3]
        coder.encodeEncodable(optionals, forKey: "optionals")
        coder.encodeEncodable(UInt64.max, forKey: "huge")
        guard case .codable = coder.values["optionals"], case .codable = coder.values["huge"] else {
            Issue.record("expected JSON for nil and for UInt64.max, got \(coder.values)")
            return
        }
        #expect(coder.decodeDecodable([Int?].self, forKey: "optionals") == optionals)
        #expect(coder.decodeDecodable(UInt64.self, forKey: "huge") == .max)
        #expect(coder.errors.isEmpty)
    }

    @Test func valuesStoredAsJSONByEarlierVersionsStillDecode() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let json = try encoder.encode(Filter.label("work", caseSensitive: true))
        let coder = Coder(values: ["filter": .codable(json)])
        #expect(coder.decodeDecodable(Filter.self, forKey: "filter") == .label("work", caseSensitive: true))
        #expect(coder.errors.isEmpty)
    }

    @Test func aTreeOfTheWrongShapeIsATypeMismatchNamingWhere() {
        let coder = Coder(values: ["sort": .integer(3), "attachment": .dictionary(["name": .integer(1)])], codingPath: ["inbox"])
        #expect(coder.decodeDecodable(Sort.self, forKey: "sort") == nil)
        #expect(coder.decodeDecodable(Attachment.self, forKey: "attachment") == nil)
        #expect(coder.errors.map(\.description) == [
            #"key "sort" at /inbox: expected codable Sort, found integer 3; expected String, found integer"#,
            #"key "attachment" at /inbox: expected codable Attachment, found dictionary; at name: expected String, found integer"#,
        ])
    }

    /// A struct's string, boolean, integer and double fields are read from their stored values
    /// without a decoder each: they still accept what a decoder for them accepts (a double field
    /// an integer or a float) and refuse the rest with its errors, naming the field.
    @Test func aStructsPrimitiveFieldsAcceptAndRefuseWhatTheirDecoderWould() {
        func fields(_ flag: CodedValue, _ count: CodedValue, _ ratio: CodedValue, _ name: CodedValue?) -> CodedValue {
            var values = ["flag": flag, "count": count, "ratio": ratio]
            values["name"] = name
            return .dictionary(values)
        }
        let coder = Coder(values: [
            "widened": fields(.bool(true), .integer(3), .integer(2), .string("a")),
            "fromFloat": fields(.bool(false), .integer(-1), .float(1.5), .string("")),
            "flag": fields(.integer(1), .integer(3), .double(1), .string("a")),
            "count": fields(.bool(true), .double(3), .double(1), .string("a")),
            "ratio": fields(.bool(true), .integer(3), .string("x"), .string("a")),
            "missing": fields(.bool(true), .integer(3), .double(1), nil),
        ], codingPath: ["inbox"])
        #expect(coder.decodeDecodable(Fields.self, forKey: "widened") == Fields(flag: true, count: 3, ratio: 2, name: "a"))
        #expect(coder.decodeDecodable(Fields.self, forKey: "fromFloat") == Fields(flag: false, count: -1, ratio: 1.5, name: ""))
        #expect(coder.errors.isEmpty)
        for key in ["flag", "count", "ratio", "missing"] {
            #expect(coder.decodeDecodable(Fields.self, forKey: key) == nil)
        }
        let found = "expected codable Fields, found dictionary"
        #expect(coder.errors.map(\.description) == [
            #"key "flag" at /inbox: \#(found); at flag: expected Bool, found integer"#,
            #"key "count" at /inbox: \#(found); at count: expected Int, found double"#,
            #"key "ratio" at /inbox: \#(found); at ratio: expected Double, found string"#,
            #"key "missing" at /inbox: \#(found); at name: no value for name"#,
        ])
    }

    /// A key written twice keeps what was written last, a nested value or a plain one, and
    /// nested values keep their places among plain ones in an array.
    @Test func theLastWriteOfAKeyWinsAndNestedValuesKeepTheirPlaces() throws {
        struct Rewriting: Encodable {
            enum Key: String, CodingKey { case a, b, list }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                var nested = container.nestedContainer(keyedBy: Key.self, forKey: .a)
                try nested.encode(1, forKey: .a)
                try container.encode(2, forKey: .a)
                try container.encode(3, forKey: .b)
                var replaced = container.nestedContainer(keyedBy: Key.self, forKey: .b)
                try replaced.encode(4, forKey: .b)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(5)
                var inner = list.nestedContainer(keyedBy: Key.self)
                try inner.encode(6, forKey: .a)
                try list.encode(7)
                try list.encode([8])
            }
        }
        let coder = Coder()
        coder.encodeEncodable(Rewriting(), forKey: "value")
        #expect(coder.values["value"] == .dictionary([
            "a": .integer(2),
            "b": .dictionary(["b": .integer(4)]),
            "list": .array([.integer(5), .dictionary(["a": .integer(6)]), .integer(7), .array([.integer(8)])]),
        ]))
    }

    @Test func equalValuesGiveEqualTreesWhateverTheirDictionaryOrder() {
        let first = Coder(), second = Coder()
        first.encodeEncodable(["b": 2, "a": 1, "c": 3], forKey: "map")
        second.encodeEncodable(["c": 3, "a": 1, "b": 2], forKey: "map")
        #expect(first.values == second.values)
        #expect(first.values["map"]?.description == #"dictionary(["a": integer(1), "b": integer(2), "c": integer(3)])"#)
    }
}
