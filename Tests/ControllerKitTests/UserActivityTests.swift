import ControllerKit
import Foundation
import Testing

private final class ActivityRecorder: ViewController {
    var entries: [AnyHashable: Any] = [:]
    var updates: [String] = []
    var restored: [UserActivity] = []
    var name = ""

    convenience init(name: String, entries: [AnyHashable: Any]) {
        self.init()
        self.name = name
        self.entries = entries
    }

    override func updateUserActivityState(_ activity: UserActivity) {
        super.updateUserActivityState(activity)
        updates.append("\(name):\(activity.needsSave)")
        activity.addUserInfoEntries(from: entries)
    }

    override func restoreUserActivityState(_ activity: UserActivity) {
        super.restoreUserActivityState(activity)
        restored.append(activity)
    }
}

/// Not a property-list type.
final class UserActivityModel {}

/// Every allowed type, nested.
private func everyType() -> [AnyHashable: Any] {
    [
        "string": "Inbox",
        "int": 42,
        "negative": -7,
        "int64": Int64.max,
        "int32": Int32(5),
        "uint8": UInt8(200),
        "double": 120.5,
        "wholeDouble": 1.0,
        "tiny": Double.leastNonzeroMagnitude,
        "nan": Double.nan,
        "inf": -Double.infinity,
        "float": Float(0.5),
        "true": true,
        "false": false,
        "date": Date(timeIntervalSinceReferenceDate: 786_297_600.123_456_7),
        "data": Data([0, 1, 2, 255]),
        "empty": Data(),
        "url": URL(string: "https://example.com/mail?id=4#top")!,
        "nsnumberBool": NSNumber(value: true),
        "nsnumberDouble": NSNumber(value: 2.25),
        "nsnumberInt": NSNumber(value: 9),
        "nsstring": NSString(string: "bridged"),
        "array": [1, "two", 3.5, false, [Date(timeIntervalSinceReferenceDate: 0)]] as [Any],
        "dictionary": ["subject": "Hi", "draft": ["attachments": [Data([9]), URL(string: "file:///tmp/a")!] as [Any]]] as [String: Any],
        "emptyArray": [Any](),
        "emptyDictionary": [String: Any](),
    ]
}

@Suite("UserActivity: userInfo as property-list values")
struct UserActivityPropertyListTests {
    @Test("Every allowed type, nested, survives archive → JSON → archive → activity → archive exactly")
    func jsonRoundTrip() throws {
        let activity = UserActivity(activityType: "com.example.mail.reading")
        activity.title = "Reading"
        activity.userInfo = everyType()
        activity.requiredUserInfoKeys = ["int", "string"]
        activity.isEligibleForHandoff = false
        activity.isEligibleForSearch = true
        activity.persistentIdentifier = "p1"
        activity.targetContentIdentifier = "mail/4"
        activity.keywords = ["b", "a"]
        activity.webpageURL = URL(string: "https://example.com")

        let archive = try activity.archive()
        let json = try JSONEncoder().encode(archive)
        let decoded = try JSONDecoder().decode(UserActivity.Archive.self, from: json)
        let restored = UserActivity(archive: decoded)
        #expect(!restored.needsSave)
        #expect(restored.activityType == "com.example.mail.reading")
        #expect(restored.title == "Reading")
        #expect(restored.requiredUserInfoKeys == ["int", "string"])
        #expect(!restored.isEligibleForHandoff && restored.isEligibleForSearch && !restored.isEligibleForPrediction)
        #expect(restored.persistentIdentifier == "p1" && restored.targetContentIdentifier == "mail/4")
        #expect(restored.keywords == ["a", "b"] && restored.webpageURL == URL(string: "https://example.com"))

        // Equal as JSON (NaN is not equal to itself as a Double, so compare the text).
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        #expect(try sorted.encode(decoded) == sorted.encode(archive))
        #expect(try sorted.encode(restored.archive()) == sorted.encode(archive))
        var withoutNaN = archive
        withoutNaN.userInfo?["nan"] = nil
        var decodedWithoutNaN = decoded
        decodedWithoutNaN.userInfo?["nan"] = nil
        #expect(decodedWithoutNaN == withoutNaN)

        let info = try #require(restored.userInfo)
        #expect(info["string"] as? String == "Inbox")
        #expect(info["int"] as? Int == 42)
        #expect(info["int64"] as? Int == Int.max)
        #expect(info["int32"] as? Int == 5)
        #expect(info["uint8"] as? Int == 200)
        #expect(info["double"] as? Double == 120.5)
        #expect(info["wholeDouble"] as? Double == 1.0)
        #expect(info["wholeDouble"] as? Int == nil)
        #expect(info["tiny"] as? Double == .leastNonzeroMagnitude)
        #expect((info["nan"] as? Double)?.isNaN == true)
        #expect(info["inf"] as? Double == -.infinity)
        #expect(info["float"] as? Double == 0.5)
        #expect(info["true"] as? Bool == true && info["false"] as? Bool == false)
        #expect(info["date"] as? Date == Date(timeIntervalSinceReferenceDate: 786_297_600.123_456_7))
        #expect(info["data"] as? Data == Data([0, 1, 2, 255]))
        #expect(info["empty"] as? Data == Data())
        #expect(info["url"] as? URL == URL(string: "https://example.com/mail?id=4#top"))
        #expect(info["nsnumberBool"] as? Bool == true)
        #expect(info["nsnumberDouble"] as? Double == 2.25)
        #expect(info["nsnumberInt"] as? Int == 9)
        #expect(info["nsstring"] as? String == "bridged")
        let array = try #require(info["array"] as? [Any])
        #expect(array.count == 5 && array[0] as? Int == 1 && array[1] as? String == "two" && array[2] as? Double == 3.5)
        #expect((array[4] as? [Any])?.first as? Date == Date(timeIntervalSinceReferenceDate: 0))
        let dictionary = try #require(info["dictionary"] as? [String: Any])
        let attachments = try #require((dictionary["draft"] as? [String: Any])?["attachments"] as? [Any])
        #expect(attachments[0] as? Data == Data([9]) && attachments[1] as? URL == URL(string: "file:///tmp/a"))
        #expect((info["emptyArray"] as? [Any])?.isEmpty == true)
        #expect((info["emptyDictionary"] as? [String: Any])?.isEmpty == true)
    }

    @Test("The JSON tags each value with its type, so integers, doubles, dates, data and URLs stay apart")
    func jsonShape() throws {
        let activity = UserActivity(activityType: "t")
        activity.userInfo = ["n": 1, "d": 1.0, "when": Date(timeIntervalSinceReferenceDate: 0.5), "blob": Data([0, 1, 2]),
                             "link": URL(string: "https://e.com")!, "list": [true], "sub": ["k": "v"]]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(activity.archive().userInfo), as: UTF8.self)
        #expect(text == #"{"blob":{"data":"AAEC"},"d":{"double":1},"link":{"url":"https:\/\/e.com"},"#
            + #""list":{"array":[{"bool":true}]},"n":{"integer":1},"sub":{"dictionary":{"k":{"string":"v"}}},"when":{"date":0.5}}"#)
        // Malformed JSON is a decoding error, not a crash.
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PropertyListValue.self, from: Data(#"{"integer": 1, "string": "x"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PropertyListValue.self, from: Data(#"{"data": "%%%"}"#.utf8))
        }
    }

    @Test("A class instance is refused, named by its key path and type")
    func classInstanceRefused() {
        let activity = UserActivity(activityType: "t")
        activity.userInfo = ["ok": 1, "draft": ["attachments": ["a", UserActivityModel()] as [Any]] as [String: Any]]
        #expect(throws: PropertyListError(keyPath: "draft.attachments[1]", typeName: "ControllerKitTests.UserActivityModel",
                                          problem: .unsupportedType)) {
            _ = try activity.archive()
        }
    }

    @Test("A set, a non-string key, nil and an out-of-range integer are refused by key path")
    func otherRefusals() throws {
        func error(_ info: [AnyHashable: Any]) -> PropertyListError? {
            let activity = UserActivity(activityType: "t")
            activity.userInfo = info
            do {
                _ = try activity.archive()
                return nil
            } catch {
                return error
            }
        }
        let set = try #require(error(["tags": Set(["a"])]))
        #expect(set.keyPath == "tags" && set.problem == .unsupportedType && set.typeName == "Swift.Set<Swift.String>")
        #expect(set.description == "userInfo.tags: Swift.Set<Swift.String> is not a property-list type")

        let key = try #require(error(["outer": [7: "seven"] as [Int: String]]))
        #expect(key == PropertyListError(keyPath: "outer.7", typeName: "Swift.Int", problem: .nonStringKey))
        let topKey = try #require(error([AnyHashable(3): "three"]))
        #expect(topKey.keyPath == "3" && topKey.problem == .nonStringKey)

        let none: Int? = nil
        let nilValue = try #require(error(["maybe": none as Any]))
        #expect(nilValue.keyPath == "maybe" && nilValue.problem == .nilValue)
        #expect(error(["some": Optional(5) as Any]) == nil)

        let big = try #require(error(["big": UInt64.max]))
        #expect(big.keyPath == "big" && big.problem == .integerOutOfRange)

        // The first error in key order, whatever the dictionary's order.
        let first = try #require(error(["b": UserActivityModel(), "a": Set([1]), "c": 1]))
        #expect(first.keyPath == "a")
        // A refused value stays in userInfo: only archiving reports it.
        let activity = UserActivity(activityType: "t")
        activity.userInfo = ["model": UserActivityModel()]
        #expect(activity.userInfo?["model"] is UserActivityModel)
    }

    @Test("needsSave: set by assigning, by subscript and by addUserInfoEntries; an archive's activity starts clean")
    func needsSave() throws {
        let activity = UserActivity(activityType: "t")
        #expect(!activity.needsSave && activity.userInfo == nil)
        activity.title = "Title"
        #expect(!activity.needsSave)
        activity.userInfo = ["a": 1]
        #expect(activity.needsSave)
        activity.needsSave = false
        activity.userInfo?["b"] = 2
        #expect(activity.needsSave)
        activity.needsSave = false
        activity.addUserInfoEntries(from: ["a": 10, "c": 3])
        #expect(activity.needsSave)
        #expect(activity.userInfo?["a"] as? Int == 10 && activity.userInfo?["b"] as? Int == 2 && activity.userInfo?["c"] as? Int == 3)

        let fresh = UserActivity(activityType: "t")
        fresh.addUserInfoEntries(from: ["x": "y"])
        #expect(fresh.userInfo?.count == 1 && fresh.needsSave)
        #expect(!UserActivity(archive: try fresh.archive()).needsSave)
    }

    @Test("Equality and hashing are by identity")
    func identity() {
        let a = UserActivity(activityType: "t")
        let b = UserActivity(activityType: "t")
        #expect(a == a && a != b)
        #expect(Set([a, b, a]).count == 2)
    }
}

/// Main-actor, so no other test's becomeCurrent() lands between two lines of one of these.
@MainActor
@Suite("UserActivity: the current activity and responders", .serialized)
struct UserActivityResponderTests {
    @Test("One current activity at a time; resign and invalidate")
    func currentSwitching() {
        let a = UserActivity(activityType: "a")
        let b = UserActivity(activityType: "b")
        #expect(!a.isCurrent && !b.isCurrent)
        a.becomeCurrent()
        #expect(a.isCurrent && !b.isCurrent)
        b.becomeCurrent()
        #expect(!a.isCurrent && b.isCurrent)
        a.resignCurrent()                      // not current: changes nothing
        #expect(b.isCurrent)
        b.resignCurrent()
        #expect(!a.isCurrent && !b.isCurrent)
        a.becomeCurrent()
        a.invalidate()
        #expect(!a.isCurrent)
        a.becomeCurrent()                      // invalidated: stays not current
        #expect(!a.isCurrent)
        b.becomeCurrent()
        #expect(b.isCurrent)
        b.resignCurrent()
    }

    @Test("Two controllers sharing an activity are both asked to update it before it is saved, in order")
    func updateRule() throws {
        let list = ActivityRecorder(name: "list", entries: ["mailbox": "Inbox"])
        let message = ActivityRecorder(name: "message", entries: ["messageID": 42, "mailbox": "Archive"])
        let other = ActivityRecorder(name: "other", entries: ["unrelated": true])
        let activity = UserActivity(activityType: "com.example.mail.reading")
        activity.userInfo = ["kept": 1]
        list.userActivity = activity
        message.userActivity = activity
        other.userActivity = UserActivity(activityType: "other")
        #expect(activity.responders.map { ($0 as? ActivityRecorder)?.name } == ["list", "message"])

        activity.prepareForSaving()
        #expect(list.updates == ["list:true"] && message.updates == ["message:true"] && other.updates.isEmpty)
        #expect(!activity.needsSave)
        let info = try #require(activity.userInfo)
        #expect(info["kept"] as? Int == 1 && info["messageID"] as? Int == 42 && info["mailbox"] as? String == "Archive")

        // A responder that moves to another activity, or to none, is no longer asked.
        list.userActivity = nil
        activity.prepareForSaving()
        #expect(list.updates.count == 1 && message.updates == ["message:true", "message:false"])
        message.userActivity = activity        // assigning the same activity again adds no second call
        activity.prepareForSaving()
        #expect(message.updates.count == 3)

        // Restoring is the app's call; the default does nothing.
        Responder().restoreUserActivityState(activity)
        message.restoreUserActivityState(activity)
        #expect(message.restored == [activity])
    }

    @Test("The activity holds its responders weakly")
    func weakResponders() {
        let activity = UserActivity(activityType: "t")
        var controller: ViewController? = ViewController()
        weak let gone = controller
        controller?.userActivity = activity
        #expect(activity.responders.count == 1)
        controller = nil
        #expect(gone == nil)
        #expect(activity.responders.isEmpty)
        activity.needsSave = true
        activity.prepareForSaving()
        #expect(!activity.needsSave)
    }
}

/// NSUserActivity is not main-actor: an activity is made and filled off the main actor.
@Test("An activity is made, filled and archived off the main actor")
func userActivityOffMainActor() async throws {
    let archive = try await Task.detached {
        let activity = UserActivity(activityType: "background")
        activity.addUserInfoEntries(from: ["n": 1])
        return try activity.archive()
    }.value
    #expect(archive.userInfo == ["n": .integer(1)])
}
