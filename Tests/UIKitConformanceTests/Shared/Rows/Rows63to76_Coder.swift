import Testing
import UIKitCompatibility

/// Swift's `Codable`, as mmheroes stores its game state (row 75).
private struct GameState: Codable, Equatable {
    var day: Int
    var money: Int
}

/// A controller that writes through each of the coder's calls, as UIKit code spells them.
private final class CoderCallsViewController: UIViewController {
    var decoded: [String: String] = [:]
    var state = GameState(day: 0, money: 0)
    var names: [String] = []

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode("Ann" as Any?, forKey: "any")                  // row 64: the `Any?` overload
        coder.encode(names, forKey: "names")
        coder.encode("inbox" as NSString, forKey: "folder")
        coder.encode(NSNumber(value: 12), forKey: "number")
        coder.encodeEncodable(state, forKey: "state")               // row 75
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        decoded["any"] = coder.decodeObject(forKey: "any") as? String                                  // row 65
        names = coder.decodeObject(forKey: "names") as? [String] ?? []
        decoded["folder"] = coder.decodeObject(of: NSString.self, forKey: "folder") as String?         // row 69
        decoded["number"] = (coder.decodeObject(of: [NSNumber.self], forKey: "number") as? NSNumber)?.stringValue
        decoded["missing"] = coder.decodeObject(forKey: "missing") as? String
        decoded["containsAny"] = coder.containsValue(forKey: "any") ? "yes" : "no"
        state = coder.decodeDecodable(GameState.self, forKey: "state") ?? GameState(day: 0, money: 0)    // row 75
    }
}

/// Survey section (b), "NSCoder / NSKeyedArchiver → Coder": rows 63–76 (absent here: 70, 72–74;
/// 71 and 76 differ: geometry and NSCoding objects are not stored).
@MainActor
@Suite("Rows 63–76: the coder, spelled NSCoder")
struct CoderRows {
    @Test("Row 63: NSCoder is the project's Coder, not Foundation's NSCoder")
    func nsCoderIsTheProjectsCoder() {
        #expect(NSCoder.self == Coder.self)
        // Foundation's class stays reachable by its module's name.
        #expect(ObjectIdentifier(NSCoder.self) != ObjectIdentifier(Foundation.NSCoder.self))
        // Compiles only if the two spellings are one type.
        let coder: Coder = NSCoder()
        let same: NSCoder = coder
        #expect(same === coder)
    }

    @Test("Rows 64–68: encode(_:forKey:) of Bool, Int, Int32, Int64, Float, Double and String round-trips through a save")
    func typedValuesRoundTrip() throws {
        let trip = try roundTrip { window in
            let controller = ViewController()
            controller.restorationIdentifier = "main"
            controller.note = "note"
            controller.count = -5
            controller.isFavorite = true
            controller.ratio = 0.25
            controller.small = Int32.min
            controller.large = Int64.max
            controller.opacity = 0.5
            window.rootViewController = controller
        }
        let controller = try #require(trip.window.rootViewController as? ViewController)
        #expect(controller.note == "note")                 // row 65: decodeObject(forKey:)
        #expect(controller.count == -5)                   // row 67: decodeInteger(forKey:)
        #expect(controller.isFavorite)                    // row 66: decodeBool(forKey:)
        #expect(controller.ratio == 0.25)                 // row 68: decodeDouble, decodeInt32, decodeFloat
        #expect(controller.small == Int32.min)
        #expect(controller.large == Int64.max)
        #expect(controller.opacity == 0.5)
    }

    @Test("Rows 64, 65, 69, 75: the untyped, Foundation-class and Codable calls round-trip through a save")
    func untypedAndCodableValuesRoundTrip() throws {
        let registry = appRegistry()
        registry.register(CoderCallsViewController.self, as: "CoderCalls")
        let storage = try TemporaryStore()
        let application = UIApplication()
        let window = UIWindow(frame: UIScreen.main.bounds, application: application)
        let controller = CoderCallsViewController()
        controller.restorationIdentifier = "calls"
        controller.names = ["a", "b"]
        controller.state = GameState(day: 3, money: 120)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let saved = try storage.store.save(application, registry: registry)
        #expect(saved.leftOut.isEmpty)
        window.isHidden = true

        let restoredWindow = UIWindow(frame: UIScreen.main.bounds, application: UIApplication())
        let report = try storage.store.restore(into: restoredWindow, registry: registry)
        #expect(report.dropped.isEmpty)
        let restored = try #require(restoredWindow.rootViewController as? CoderCallsViewController)
        #expect(restored.decoded == ["any": "Ann", "folder": "inbox", "number": "12", "containsAny": "yes"])
        #expect(restored.names == ["a", "b"])
        #expect(restored.state == GameState(day: 3, money: 120))
    }

    @Test("Rows 64–69: a coder made by the app reads back what it was given")
    func coderInMemory() {
        let coder = NSCoder()
        coder.encode(true, forKey: "bool")
        coder.encode(7, forKey: "int")
        coder.encode(Int32(8), forKey: "int32")
        coder.encode(Int64(9), forKey: "int64")
        coder.encode(Float(1.5), forKey: "float")
        coder.encode(2.5, forKey: "double")
        coder.encode("text", forKey: "string")
        #expect(coder.decodeBool(forKey: "bool"))
        #expect(coder.decodeInteger(forKey: "int") == 7)
        #expect(coder.decodeInt32(forKey: "int32") == 8)
        #expect(coder.decodeInt64(forKey: "int64") == 9)
        #expect(coder.decodeFloat(forKey: "float") == 1.5)
        #expect(coder.decodeDouble(forKey: "double") == 2.5)
        #expect(coder.decodeObject(forKey: "string") as? String == "text")
        #expect(coder.decodeObject(of: NSString.self, forKey: "string") == "text")
        #expect(coder.decodeInteger(forKey: "absent") == 0)
        #expect(!coder.containsValue(forKey: "absent"))
    }
}
