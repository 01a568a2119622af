import Foundation

/// Restoration paths as text: `/tabs/inbox/message`, with `%` and `/` inside components escaped
/// as `%25` and `%2F`, so the text splits back into the same components.
public enum SnapshotPath {
    /// `/a/b/c` for `["a", "b", "c"]`; `/` for no components.
    public static func string(_ components: [String]) -> String {
        "/" + components.map(escape).joined(separator: "/")
    }

    /// The text of `parent`'s path (``string(_:)``) with `component` added.
    public static func appending(_ component: String, to parent: String) -> String {
        (parent == "/" ? "" : parent) + "/" + escape(component)
    }

    /// The components of a path written by ``string(_:)``.
    public static func components(_ text: String) -> [String] {
        text.split(separator: "/").map { unescape(String($0)) }
    }

    /// The last component of a path written by ``string(_:)``.
    public static func lastComponent(_ text: String) -> String {
        let start = text.utf8.lastIndex(of: UInt8(ascii: "/")).map { text.utf8.index(after: $0) } ?? text.startIndex
        return unescape(String(text[start...]))
    }

    private static func escape(_ component: String) -> String {
        // Identifiers almost never hold either character.
        guard component.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "/") }) else { return component }
        return component.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
    }

    private static func unescape(_ component: String) -> String {
        guard component.utf8.contains(UInt8(ascii: "%")) else { return component }
        return component.replacingOccurrences(of: "%2F", with: "/").replacingOccurrences(of: "%25", with: "%")
    }
}
