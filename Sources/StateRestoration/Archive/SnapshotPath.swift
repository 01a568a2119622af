import Foundation

/// Where a path hangs: its parent (by whatever number the caller gives it: a walk index, a node
/// id; `nil` for a window root) and its last component. A path is its parent's plus that
/// component, and escaping is one-to-one, so paths are unique exactly when these are: the save
/// and the reader check uniqueness on them rather than hashing every whole path.
struct SiblingPlace: Hashable {
    var parent: Int?
    var component: String
}

/// Restoration paths as text.
public enum SnapshotPath {
    /// `/a/b/c`, with `%` and `/` inside components escaped.
    public static func string(_ components: [String]) -> String {
        var text = ""
        for component in components { text = appending(component, to: text) }
        return text.isEmpty ? "/" : text
    }

    /// The text of `parent`'s path with `component` added: `string(path + [component])` for
    /// `parent == string(path)` (an empty `parent` is the root).
    public static func appending(_ component: String, to parent: String) -> String {
        var text = parent == "/" ? "" : parent
        text.append("/")
        // Identifiers almost never hold either character: escape only when one does.
        if needsEscaping(component) {
            text += component.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
        } else {
            text += component
        }
        return text
    }

    /// ``appending(_:to:)``, answered with `candidate` itself when it already holds that text:
    /// a restore's rows store each path's text, and building it again cost an allocation and a
    /// copy per controller on the main actor.
    static func appending(_ component: String, to parent: String, reusing candidate: String) -> String {
        let matches = !needsEscaping(component) && candidate.utf8.withContiguousStorageIfAvailable { whole in
            parent.utf8.withContiguousStorageIfAvailable { prefix in
                component.utf8.withContiguousStorageIfAvailable { last in
                    isJoined(whole: UnsafeRawBufferPointer(whole), parent: UnsafeRawBufferPointer(prefix),
                             component: UnsafeRawBufferPointer(last))
                } ?? false
            } ?? false
        } ?? false
        return matches ? candidate : appending(component, to: parent)
    }

    /// Whether `whole` is `parent`, `/` and `component`, byte for byte. By `memcmp`: comparing
    /// the slices element by element was most of a restore's check of its stored paths.
    private static func isJoined(whole: UnsafeRawBufferPointer, parent: UnsafeRawBufferPointer,
                                 component: UnsafeRawBufferPointer) -> Bool {
        // The root's text is "/", and its children's paths start with their own "/".
        let head = parent.count == 1 && parent[0] == UInt8(ascii: "/") ? 0 : parent.count
        guard whole.count == head + 1 + component.count, whole[head] == UInt8(ascii: "/") else { return false }
        return bytesEqual(whole, from: 0, parent, count: head) && bytesEqual(whole, from: head + 1, component, count: component.count)
    }

    private static func bytesEqual(_ whole: UnsafeRawBufferPointer, from offset: Int, _ part: UnsafeRawBufferPointer,
                                   count: Int) -> Bool {
        guard count > 0 else { return true }
        guard let wholeBase = whole.baseAddress, let partBase = part.baseAddress else { return false }
        return memcmp(wholeBase + offset, partBase, count) == 0
    }

    /// Whether `component` holds `%` or `/`. Over the bytes where the string keeps them: the
    /// generic search of a string's UTF-8 view cost about ten instructions a byte.
    private static func needsEscaping(_ component: String) -> Bool {
        component.utf8.withContiguousStorageIfAvailable { $0.contains(where: isEscaped) }
            ?? component.utf8.contains(where: isEscaped)
    }

    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "%") || byte == UInt8(ascii: "/")
    }

    /// The last component of a path written by ``string(_:)``, without splitting the rest.
    public static func lastComponent(_ text: String) -> String {
        // Over the bytes where the string keeps them: walking a string's UTF-8 view back from
        // its end cost over a thousand instructions a path, a tenth of reading a row (callgrind).
        let found: String?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            let start = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
            let part = UnsafeBufferPointer(rebasing: bytes[start...])
            // Escaped: left to the general path below.
            if part.contains(UInt8(ascii: "%")) { return nil }
            return String(decoding: part, as: UTF8.self)
        }
        if let found, let part = found { return part }
        let utf8 = text.utf8
        let start = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        let part = text[start...]
        guard part.utf8.contains(UInt8(ascii: "%")) else { return String(part) }
        return part.replacingOccurrences(of: "%2F", with: "/").replacingOccurrences(of: "%25", with: "%")
    }

    /// The components of a path written by ``string(_:)``.
    public static func components(_ text: String) -> [String] {
        text.split(separator: "/").map { part in
            guard part.utf8.contains(UInt8(ascii: "%")) else { return String(part) }
            return part.replacingOccurrences(of: "%2F", with: "/").replacingOccurrences(of: "%25", with: "%")
        }
    }
}
