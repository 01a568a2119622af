@_spi(Restoration) import ControllerKit
import Foundation
import Testing

/// ControllerKit's in-memory `Coder`: the NSCoder-shaped API the restoration layer builds on.
@MainActor
@Suite struct CoderTests {
    struct Draft: Codable, Equatable {
        var subject: String
        var recipients: [String]
    }

    final class Model: RestorableObject {
        func encodeRestorableState(with coder: Coder) {}
        func decodeRestorableState(with coder: Coder) {}
    }

    /// Writes are kept in order and applied when something reads: the last write of a key wins,
    /// `nil` removes it, whichever `encode` made it, with reads in between.
    @Test func theLastWriteOfAKeyWinsWhateverReadsComeBetween() {
        let coder = Coder()
        coder.encode(1, forKey: "count")
        coder.encode("a", forKey: "name")
        coder.encodeEncodable(Draft(subject: "s", recipients: []), forKey: "draft")
        coder.encode(2, forKey: "count")
        #expect(coder.decodeInteger(forKey: "count") == 2)
        coder.encode(nil as String?, forKey: "name")
        coder.encode(Model(), forKey: "count")
        coder.encode(3, forKey: "count")
        #expect(coder.containsValue(forKey: "name") == false)
        #expect(coder.values == ["count": .integer(3), "draft": .dictionary(["subject": .string("s"), "recipients": .array([])])])
        #expect(coder.errors.isEmpty)
    }

    /// A coder given values reads them, reports a type mismatch, and takes writes over them.
    @Test func aCoderGivenValuesReadsAndTakesWritesOverThem() {
        let coder = Coder(values: ["a": .integer(1), "b": .string("two"), "c": .bool(true)], codingPath: ["root"])
        #expect(coder.decodeInteger(forKey: "a") == 1)
        #expect(coder.decodeString(forKey: "b") == "two")
        #expect(!coder.containsValue(forKey: "d"))
        #expect(coder.errors.isEmpty)
        #expect(coder.decodeInteger(forKey: "b") == 0)
        #expect(coder.errors.map(\.key) == ["b"])
        coder.encode(nil as Int?, forKey: "a")
        coder.encode(5, forKey: "d")
        #expect(!coder.containsValue(forKey: "a"))
        #expect(coder.values == ["b": .string("two"), "c": .bool(true), "d": .integer(5)])
    }

    @Test func everyListedTypeRoundTrips() {
        let coder = Coder(codingPath: ["tabs", "inbox"])
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        coder.encode(true, forKey: "bool")
        coder.encode(42, forKey: "int")
        coder.encode(Int32(-7), forKey: "int32")
        coder.encode(Int64.max, forKey: "int64")
        coder.encode(2.5, forKey: "double")
        coder.encode(Float(1.25), forKey: "float")
        coder.encode("héllo", forKey: "string")
        coder.encode(Data([0, 1, 255]), forKey: "data")
        coder.encode(date, forKey: "date")
        coder.encode(["a", "b"], forKey: "strings")
        coder.encode(["x": 1, "y": 2], forKey: "counts")
        coder.encodeEncodable(Draft(subject: "Hi", recipients: ["a@b"]), forKey: "draft")

        #expect(coder.decodeBool(forKey: "bool"))
        #expect(coder.decodeInteger(forKey: "int") == 42)
        #expect(coder.decodeInt32(forKey: "int32") == -7)
        #expect(coder.decodeInt64(forKey: "int64") == .max)
        #expect(coder.decodeDouble(forKey: "double") == 2.5)
        #expect(coder.decodeFloat(forKey: "float") == 1.25)
        #expect(coder.decodeString(forKey: "string") == "héllo")
        #expect(coder.decodeObject(of: Data.self, forKey: "data") == Data([0, 1, 255]))
        #expect(coder.decodeObject(of: Date.self, forKey: "date") == date)
        #expect(coder.decodeObject(of: [String].self, forKey: "strings") == ["a", "b"])
        #expect(coder.decodeObject(of: [String: Int].self, forKey: "counts") == ["x": 1, "y": 2])
        #expect(coder.decodeDecodable(Draft.self, forKey: "draft") == Draft(subject: "Hi", recipients: ["a@b"]))
        #expect(coder.errors.isEmpty)
    }

    @Test func missingKeysDecodeAsZeroFalseAndNilWithoutErrors() {
        let coder = Coder()
        #expect(coder.containsValue(forKey: "absent") == false)
        #expect(coder.decodeBool(forKey: "absent") == false)
        #expect(coder.decodeInteger(forKey: "absent") == 0)
        #expect(coder.decodeDouble(forKey: "absent") == 0)
        #expect(coder.decodeString(forKey: "absent") == nil)
        #expect(coder.decodeDecodable(Draft.self, forKey: "absent") == nil)
        #expect(coder.decodeObject(of: Model.self, forKey: "absent") == nil)
        #expect(coder.errors.isEmpty)
    }

    @Test func aWrongTypeIsAnErrorNamingKeyPathAndWhatWasFound() {
        let coder = Coder(codingPath: ["tabs", "inbox"])
        coder.encode("not a number", forKey: "count")
        coder.encode(Int64(1) << 40, forKey: "small")
        #expect(coder.decodeInteger(forKey: "count") == 0)
        #expect(coder.decodeInt32(forKey: "small") == 0)
        #expect(coder.decodeBool(forKey: "small") == false)
        #expect(coder.errors.map(\.description) == [
            #"key "count" at /tabs/inbox: expected Int, found string of 12 characters"#,
            #"key "small" at /tabs/inbox: expected Int32, found integer 1099511627776"#,
            #"key "small" at /tabs/inbox: expected Bool, found integer 1099511627776"#,
        ])
        #expect(coder.error == coder.errors.first)
    }

    @Test func aCorruptCodablePayloadIsAnError() {
        let coder = Coder(values: ["draft": .codable(Data("{".utf8))], codingPath: ["compose"])
        #expect(coder.decodeDecodable(Draft.self, forKey: "draft") == nil)
        #expect(coder.errors.count == 1)
        #expect(coder.errors.first?.key == "draft")
    }

    @Test func objectReferencesKeepIdentityAndAreTypeChecked() {
        let coder = Coder(codingPath: ["root"])
        let model = Model()
        coder.encode(model, forKey: "first")
        coder.encode(model, forKey: "second")
        #expect(coder.values["first"] == coder.values["second"])
        #expect(coder.decodeObject(of: Model.self, forKey: "first") === model)
        #expect(coder.decodeObject(of: Model.self, forKey: "second") === model)
        #expect(coder.decodeObject(of: ViewController.self, forKey: "first") == nil)
        coder.encode(.object(ObjectReference(id: 99)), forKey: "dangling")
        #expect(coder.decodeObject(of: Model.self, forKey: "dangling") == nil)
        #expect(coder.errors.map(\.kind) == [
            .wrongObjectClass(expected: "ViewController", found: "Model"),
            .unknownObject(ObjectReference(id: 99)),
        ])
    }

    @Test func classVersionsAreReadableAtDecode() {
        let coder = Coder(classVersions: ["InboxViewController": 3])
        #expect(coder.version(forClassName: "InboxViewController") == 3)
        #expect(coder.version(forClassName: "Unknown") == 0)
        coder.setVersion(4, forClassName: "InboxViewController")
        #expect(coder.allClassVersions == ["InboxViewController": 4])
    }

    @Test func controllersWriteAndReadTheirOwnState() {
        final class Inbox: ViewController {
            var scroll = 0.0
            override func encodeRestorableState(with coder: Coder) {
                super.encodeRestorableState(with: coder)
                coder.encode(scroll, forKey: "scroll")
            }
            override func decodeRestorableState(with coder: Coder) {
                super.decodeRestorableState(with: coder)
                scroll = coder.decodeDouble(forKey: "scroll")
            }
        }
        let saved = Inbox()
        saved.scroll = 120
        let coder = Coder()
        saved.encodeRestorableState(with: coder)
        guard let restored = Inbox(coder: coder) else {
            Issue.record("init?(coder:) refused")
            return
        }
        restored.decodeRestorableState(with: coder)
        #expect(restored.scroll == 120)
        #expect(restored.isViewLoaded == false)
    }

    @Test func aRestorationClassCanRefuse() {
        enum Refuser: ViewControllerRestoration {
            static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController? {
                identifierComponents.last == "ok" ? ViewController() : nil
            }
        }
        let controller = ViewController()
        controller.restorationClass = Refuser.self
        let factory = controller.restorationClass
        #expect(factory?.viewController(withRestorationIdentifierPath: ["a", "ok"], coder: Coder()) != nil)
        #expect(factory?.viewController(withRestorationIdentifierPath: ["a", "no"], coder: Coder()) == nil)
    }
}

/// Untyped values, as UIKit code writes them with `NSCoder`.
@MainActor
@Suite struct UntypedCoderTests {
    @Test func foundationAndSwiftValuesGoInUntypedAndComeBackTyped() {
        let coder = Coder(codingPath: ["search"])
        let when = Date(timeIntervalSinceReferenceDate: 12.5)
        coder.encode("budget" as NSString as Any, forKey: "query")
        coder.encode(NSNumber(value: 3) as Any, forKey: "scope")
        coder.encode(NSNumber(value: true) as Any, forKey: "flag")
        coder.encode(NSNumber(value: 0.5) as Any, forKey: "ratio")
        coder.encode(["a", "b"] as Any, forKey: "recent")
        coder.encode(["k": 1] as NSDictionary as Any, forKey: "map")
        coder.encode(NSDate(timeIntervalSinceReferenceDate: 12.5) as Any, forKey: "when")
        coder.encode(NSData(data: Data([1, 2])) as Any, forKey: "bytes")
        #expect(coder.errors.isEmpty)
        #expect(coder.values["query"] == .string("budget"))
        #expect(coder.values["scope"] == .integer(3))
        #expect(coder.values["flag"] == .bool(true))
        #expect(coder.values["ratio"] == .double(0.5))
        #expect(coder.values["map"] == .dictionary(["k": .integer(1)]))

        #expect(coder.decodeObject(forKey: "query") as? String == "budget")
        #expect(coder.decodeObject(forKey: "recent") as? [String] == ["a", "b"])
        #expect(coder.decodeObject(forKey: "when") as? Date == when)
        #expect(coder.decodeObject(of: NSString.self, forKey: "query") == "budget")
        #expect(coder.decodeObject(of: NSNumber.self, forKey: "scope")?.intValue == 3)
        #expect(coder.decodeObject(of: NSArray.self, forKey: "recent")?.count == 2)
        #expect(coder.decodeObject(of: NSDate.self, forKey: "when")?.timeIntervalSinceReferenceDate == 12.5)
        #expect(coder.decodeObject(of: NSData.self, forKey: "bytes")?.length == 2)
        #expect(coder.decodeObject(of: [NSNumber.self, NSString.self], forKey: "query") as? NSString == "budget")
        #expect(coder.errors.isEmpty)
        // Asked for another class: nil and an error naming the key.
        #expect(coder.decodeObject(of: NSNumber.self, forKey: "query") == nil)
        #expect(coder.errors.map(\.key) == ["query"])
    }

    @Test func aValueOfAnotherTypeIsNotSavedAndSaysWhy() {
        struct Point { var x = 1 }
        let coder = Coder(codingPath: ["map"])
        coder.encode(Point() as Any, forKey: "origin")
        coder.encode([Point()] as Any, forKey: "points")
        #expect(coder.values.isEmpty)
        #expect(coder.errors.map(\.key) == ["origin", "points"])
        #expect(coder.errors.first?.description.contains("a value of type Point is not saved") == true)
    }

    @Test func topLevelDecodableThrowsWhatWentWrong() throws {
        let coder = Coder(values: ["n": .string("x")], codingPath: ["c"])
        #expect(throws: CoderError.self) { try coder.decodeTopLevelDecodable(Int.self, forKey: "n") }
        #expect(try coder.decodeTopLevelDecodable(Int.self, forKey: "missing") == nil)
    }
}
