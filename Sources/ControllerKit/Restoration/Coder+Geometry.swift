import Foundation

/// UIKit's geometry coding (`UIGeometry.h`'s `NSCoder` extension): points, sizes and rectangles
/// under UIKit's names, with UIKit's semantics: a missing key decodes as `.zero`.
///
/// The three types are ``CodedValueConvertible``, so `encode(_:forKey:)` stores them, alone or
/// in arrays and dictionaries, as dictionaries of their numbers (`["x": 12.0, "y": 480.0]`; a
/// size `width` and `height`; a rectangle all four), which `navstate show` and JSON exports
/// print. A key holding anything else (another shape, missing or extra fields, a non-number)
/// decodes as `.zero` and records a ``CoderError`` naming the key.
///
/// ```swift
/// coder.encode(scrollView.contentOffset, forKey: "offset")
/// scrollView.contentOffset = coder.decodeCGPoint(forKey: "offset")
/// ```
extension Coder {
    /// The point under `key`; `.zero` when missing, or (with an error) of another shape.
    public func decodeCGPoint(forKey key: String) -> CGPoint { decodeObject(of: CGPoint.self, forKey: key) ?? .zero }

    /// The size under `key`; `.zero` when missing, or (with an error) of another shape.
    public func decodeCGSize(forKey key: String) -> CGSize { decodeObject(of: CGSize.self, forKey: key) ?? .zero }

    /// The rectangle under `key`; `.zero` when missing, or (with an error) of another shape.
    public func decodeCGRect(forKey key: String) -> CGRect { decodeObject(of: CGRect.self, forKey: key) ?? .zero }
}

/// The numbers of a geometry dictionary, in `names` order: `nil` unless `value` is a dictionary
/// of exactly those keys, each a number (doubles, floats and integers, as `Double` accepts them).
private func geometryFields(_ value: CodedValue, _ names: [String]) -> [Double]? {
    guard case .dictionary(let fields) = value, fields.count == names.count else { return nil }
    let numbers = names.compactMap { fields[$0].flatMap(Double.init(codedValue:)) }
    return numbers.count == names.count ? numbers : nil
}

extension CGPoint: CodedValueConvertible {
    /// `["x": x, "y": y]`.
    public var codedValue: CodedValue { .dictionary(["x": .double(Double(x)), "y": .double(Double(y))]) }

    public init?(codedValue: CodedValue) {
        guard let fields = geometryFields(codedValue, ["x", "y"]) else { return nil }
        self.init(x: fields[0], y: fields[1])
    }
}

extension CGSize: CodedValueConvertible {
    /// `["width": width, "height": height]`.
    public var codedValue: CodedValue { .dictionary(["width": .double(Double(width)), "height": .double(Double(height))]) }

    public init?(codedValue: CodedValue) {
        guard let fields = geometryFields(codedValue, ["width", "height"]) else { return nil }
        self.init(width: fields[0], height: fields[1])
    }
}

extension CGRect: CodedValueConvertible {
    /// `["x": …, "y": …, "width": …, "height": …]`: the origin and the size, as given (a negative
    /// size stays negative).
    public var codedValue: CodedValue {
        .dictionary(["x": .double(Double(origin.x)), "y": .double(Double(origin.y)),
                     "width": .double(Double(size.width)), "height": .double(Double(size.height))])
    }

    public init?(codedValue: CodedValue) {
        guard let fields = geometryFields(codedValue, ["x", "y", "width", "height"]) else { return nil }
        self.init(x: fields[0], y: fields[1], width: fields[2], height: fields[3])
    }
}
