import UIKitCompatibility

/// The app's model: an NSCoding class, kept in the restoration coder.
final class Note: NSObject, NSCoding {
    let text: String
    let pinned: Bool

    init(text: String, pinned: Bool) {
        self.text = text
        self.pinned = pinned
    }

    func encode(with coder: NSCoder) {
        coder.encode(text, forKey: "text")
        coder.encode(pinned, forKey: "pinned")
    }

    required init?(coder: NSCoder) {
        guard let text = coder.decodeObject(forKey: "text") as? String else { return nil }
        self.text = text
        pinned = coder.decodeBool(forKey: "pinned")
    }
}
