import ControllerKit
import Foundation
import Testing

/// UIKit's geometry coding: `encode(_: CGPoint/CGSize/CGRect, forKey:)` and
/// `decodeCGPoint/CGSize/CGRect(forKey:)`.
@Suite struct CoderGeometryTests {
    @Test func pointsSizesAndRectsRoundTripAsDictionariesOfNumbers() {
        let coder = Coder(codingPath: ["map"])
        coder.encode(CGPoint(x: 12.5, y: -480), forKey: "offset")
        coder.encode(CGSize(width: 390, height: 844), forKey: "size")
        coder.encode(CGRect(x: 1, y: 2, width: -3, height: 4.25), forKey: "frame")
        #expect(coder.values["offset"] == .dictionary(["x": .double(12.5), "y": .double(-480)]))
        #expect(coder.values["size"] == .dictionary(["width": .double(390), "height": .double(844)]))
        #expect(coder.values["frame"] == .dictionary(["x": .double(1), "y": .double(2), "width": .double(-3), "height": .double(4.25)]))
        #expect(coder.decodeCGPoint(forKey: "offset") == CGPoint(x: 12.5, y: -480))
        #expect(coder.decodeCGSize(forKey: "size") == CGSize(width: 390, height: 844))
        #expect(coder.decodeCGRect(forKey: "frame") == CGRect(x: 1, y: 2, width: -3, height: 4.25))
        #expect(coder.errors.isEmpty)
    }

    /// As UIKit's: a key never written decodes as `.zero`, with no error.
    @Test func aMissingKeyDecodesAsZero() {
        let coder = Coder()
        #expect(coder.decodeCGPoint(forKey: "absent") == .zero)
        #expect(coder.decodeCGSize(forKey: "absent") == .zero)
        #expect(coder.decodeCGRect(forKey: "absent") == .zero)
        #expect(coder.errors.isEmpty)
    }

    /// The untyped call stores them too (it used to leave them out), and arrays of them go
    /// through the typed calls.
    @Test func untypedCallsAndArraysStoreThem() {
        let coder = Coder(codingPath: ["map"])
        coder.encode(CGPoint(x: 3, y: 4) as Any, forKey: "pin")
        coder.encode([CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2)], forKey: "path")
        coder.encode(["home": CGRect(x: 0, y: 0, width: 10, height: 10)], forKey: "regions")
        #expect(coder.decodeCGPoint(forKey: "pin") == CGPoint(x: 3, y: 4))
        #expect(coder.decodeObject(of: [CGPoint].self, forKey: "path") == [CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2)])
        #expect(coder.decodeObject(of: [String: CGRect].self, forKey: "regions")?["home"]?.width == 10)
        #expect((coder.decodeObject(forKey: "pin") as? [String: Any])?["y"] as? Double == 4)
        #expect(coder.errors.isEmpty)
    }

    /// Numbers written by other tools as integers or floats are read; anything else decodes as
    /// `.zero` with an error naming the key.
    @Test func anotherShapeDecodesAsZeroAndNamesTheKey() {
        let coder = Coder(values: [
            "integers": .dictionary(["x": .integer(7), "y": .float(0.5)]),
            "text": .string("{1, 2}"),
            "missingField": .dictionary(["x": .double(1)]),
            "extraField": .dictionary(["x": .double(1), "y": .double(2), "z": .double(3)]),
            "notANumber": .dictionary(["width": .string("wide"), "height": .double(2)]),
            "aPoint": CGPoint(x: 1, y: 2).codedValue,
        ], codingPath: ["canvas"])
        #expect(coder.decodeCGPoint(forKey: "integers") == CGPoint(x: 7, y: 0.5))
        #expect(coder.errors.isEmpty)
        #expect(coder.decodeCGPoint(forKey: "text") == .zero)
        #expect(coder.decodeCGPoint(forKey: "missingField") == .zero)
        #expect(coder.decodeCGPoint(forKey: "extraField") == .zero)
        #expect(coder.decodeCGSize(forKey: "notANumber") == .zero)
        #expect(coder.decodeCGRect(forKey: "aPoint") == .zero)
        #expect(coder.errors.map(\.key) == ["text", "missingField", "extraField", "notANumber", "aPoint"])
        #expect(coder.errors.first?.description == #"key "text" at /canvas: expected CGPoint, found string of 6 characters"#)
        #expect(coder.errors.last?.description == #"key "aPoint" at /canvas: expected CGRect, found dictionary"#)
    }
}
