import Foundation

/// Restoration paths as text: `/tabs/inbox/message`, with `%` and `/` inside components escaped
/// as `%25` and `%2F`, so the text splits back into the same components.
public enum SnapshotPath {
    /// `/a/b/c` for `["a", "b", "c"]`; `/` for no components.
    public static func string(_ components: [String]) -> String {
        "/" + components.map(escape).joined(separator: "/")
    }

    /// The components of a path written by ``string(_:)``.
    public static func components(_ text: String) -> [String] {
        text.split(separator: "/").map { unescape(String($0)) }
    }

    /// The last of ``components(_:)``, found in the UTF-8 without splitting the whole path.
    public static func lastComponent(_ text: String) -> String {
        let slash = UInt8(ascii: "/")
        let utf8 = text.utf8
        guard let end = utf8.lastIndex(where: { $0 != slash }) else { return "" }
        let start = utf8[..<end].lastIndex(of: slash).map(utf8.index(after:)) ?? utf8.startIndex
        return unescape(String(decoding: utf8[start...end], as: UTF8.self))
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
