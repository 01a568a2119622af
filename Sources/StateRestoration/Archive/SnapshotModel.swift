@_spi(Restoration) import ControllerKit
import Foundation

/// How a saved controller hangs under the one above it.
public enum SavedRelation: Sendable, Hashable, CustomStringConvertible {
    /// The root of window `window`.
    case windowRoot(window: Int)
    /// Position `index` of a navigation stack, bottom first.
    case stack(index: Int)
    /// Tab `index`, and whether it was selected.
    case tab(index: Int, isSelected: Bool)
    /// A split view column.
    case column(SplitViewController.Column)
    /// Position `index` among a custom container's children.
    case child(index: Int)
    /// Presented by the controller above with `style`.
    case presented(style: ModalPresentationStyle)

    public var description: String {
        switch self {
        case .windowRoot(let window): return "root of window \(window)"
        case .stack(let index): return "stack \(index)"
        case .tab(let index, let isSelected): return isSelected ? "tab \(index), selected" : "tab \(index)"
        case .column(let column): return "\(column.rawValue) column"
        case .child(let index): return "child \(index)"
        case .presented(let style): return "presented \(style.rawValue)"
        }
    }
}

/// One saved controller, readable without the app's classes.
public struct ControllerRecord: Sendable, Hashable {
    /// The fields, behind one reference: a restore hands records through several tables, and
    /// copying fourteen fields retained each of their strings (a tenth of a restore, measured).
    /// Copy-on-write keeps the value semantics.
    private final class Storage: @unchecked Sendable {
        // Only mutated after `makeUnique()`: never shared while written.
        // Unchecked exclusivity: every access to a class's stored `var` is checked at run time
        // otherwise, and a restore reads these several times per controller (callgrind: a
        // twentieth of a restore of 1,000 controllers). No access can overlap another: only this
        // file writes them, each write a plain assignment or a closure that assigns one field,
        // and none calls code that could reach the same record while it lasts.
        @exclusivity(unchecked) var fields: Fields
        /// `path` as text, when whoever set the path also had its text (reader and writer both
        /// do): saves building it again for every report line and row. Not part of equality.
        @exclusivity(unchecked) var pathText: String?
        init(_ fields: Fields, pathText: String? = nil) {
            self.fields = fields
            self.pathText = pathText
        }
    }

    struct Fields: Hashable {
        var id: Int
        var parentID: Int?
        var path: [String]
        var identifier: String
        var title: String?
        var windowIndex: Int
        var relation: SavedRelation
        var className: String
        var classVersion: Int
        var restorationClassName: String?
        var isViewLoaded: Bool
        var appearance: AppearanceState
        var isCollapsed: Bool
        var values: KeyedValues
    }

    private var storage: Storage

    init(id: Int, parentID: Int?, path: [String], identifier: String, title: String?, windowIndex: Int, relation: SavedRelation, className: String, classVersion: Int, restorationClassName: String?, isViewLoaded: Bool, appearance: AppearanceState, isCollapsed: Bool, values: [String: CodedValue]) {
        self.init(id: id, parentID: parentID, path: path, identifier: identifier, title: title, windowIndex: windowIndex, relation: relation, className: className, classVersion: classVersion, restorationClassName: restorationClassName, isViewLoaded: isViewLoaded, appearance: appearance, isCollapsed: isCollapsed, keyedValues: KeyedValues(values))
    }

    init(id: Int, parentID: Int?, path: [String], identifier: String, title: String?, windowIndex: Int, relation: SavedRelation, className: String, classVersion: Int, restorationClassName: String?, isViewLoaded: Bool, appearance: AppearanceState, isCollapsed: Bool, keyedValues: KeyedValues) {
        storage = Storage(Fields(id: id, parentID: parentID, path: path, identifier: identifier, title: title, windowIndex: windowIndex, relation: relation, className: className, classVersion: classVersion, restorationClassName: restorationClassName, isViewLoaded: isViewLoaded, appearance: appearance, isCollapsed: isCollapsed, values: keyedValues))
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields, pathText: storage.pathText) }
    }

    private mutating func update(_ change: (inout Fields) -> Void) {
        makeUnique()
        change(&storage.fields)
    }

    /// Builds the path's text once and keeps it for later readers of `pathString`. With the
    /// text of the parent's path (the path without its last component), only the last
    /// component is added to it.
    mutating func keepPathString(parentText: String? = nil) -> String {
        let text: String
        if let parentText, let last = path.last {
            text = SnapshotPath.appending(last, to: parentText)
        } else {
            text = pathString
        }
        makeUnique()
        storage.pathText = text
        return text
    }

    /// Sets the path and its text together; `text` must be `SnapshotPath.string(path)`.
    mutating func setPath(_ path: [String], text: String) {
        update { $0.path = path }
        storage.pathText = text
    }

    /// Unique within its snapshot; also the id object references to it use.
    public var id: Int {
        get { storage.fields.id }
        set { update { $0.id = newValue } }
    }
    /// The parent's or presenter's id; `nil` for a window root.
    public var parentID: Int? {
        get { storage.fields.parentID }
        set { update { $0.parentID = newValue } }
    }
    /// The restoration path: identifiers from the root down (an index suffix `[i]` on identifiers
    /// repeated in one navigation stack).
    public var path: [String] {
        get { storage.fields.path }
        set {
            update { $0.path = newValue }
            storage.pathText = nil
        }
    }
    /// The controller's `restorationIdentifier`.
    public var identifier: String {
        get { storage.fields.identifier }
        set { update { $0.identifier = newValue } }
    }
    /// Its `title` at save time, for tools (restore leaves titles to the controller's code).
    public var title: String? {
        get { storage.fields.title }
        set { update { $0.title = newValue } }
    }
    /// Which window it belongs to.
    public var windowIndex: Int {
        get { storage.fields.windowIndex }
        set { update { $0.windowIndex = newValue } }
    }
    /// How it hangs under its parent or presenter.
    public var relation: SavedRelation {
        get { storage.fields.relation }
        set { update { $0.relation = newValue } }
    }
    /// The registered class name (or, for an unregistered class, its plain type name).
    public var className: String {
        get { storage.fields.className }
        set { update { $0.className = newValue } }
    }
    /// The class version registered at save time.
    public var classVersion: Int {
        get { storage.fields.classVersion }
        set { update { $0.classVersion = newValue } }
    }
    /// The registered name of its `restorationClass` factory, if any.
    public var restorationClassName: String? {
        get { storage.fields.restorationClassName }
        set { update { $0.restorationClassName = newValue } }
    }
    /// Whether its view was loaded at save time.
    public var isViewLoaded: Bool {
        get { storage.fields.isViewLoaded }
        set { update { $0.isViewLoaded = newValue } }
    }
    /// Its appearance state at save time.
    public var appearance: AppearanceState {
        get { storage.fields.appearance }
        set { update { $0.appearance = newValue } }
    }
    /// For a split view controller: whether it was collapsed.
    public var isCollapsed: Bool {
        get { storage.fields.isCollapsed }
        set { update { $0.isCollapsed = newValue } }
    }
    /// The keyed values its `encodeRestorableState(with:)` wrote. A record read back keeps them
    /// as its payload's sorted pairs and makes this table at each read: read it once per use.
    public var values: [String: CodedValue] {
        get { storage.fields.values.table }
        set { update { $0.values = KeyedValues(newValue) } }
    }

    /// The same values in the form they were read or set in: a record read back keeps its
    /// payload's sorted pairs, which a restoring coder looks keys up in without hashing.
    var keyedValues: KeyedValues { storage.fields.values }

    /// Moves the values out, leaving none, so the caller decides where they are freed.
    mutating func takeValues() -> KeyedValues {
        makeUnique()
        var taken = KeyedValues()
        swap(&taken, &storage.fields.values)
        return taken
    }

    /// Whether the two would write the same node row: every field but the values (which live in
    /// the state row). Compares the fields' own equality, so a field added later counts too.
    func hasSameRow(as other: ControllerRecord) -> Bool {
        if storage === other.storage { return true }
        var mine = storage.fields, theirs = other.storage.fields
        mine.values = KeyedValues()
        theirs.values = KeyedValues()
        return mine == theirs
    }

    /// An empty record, to swap into a slot whose record is moved out.
    static let placeholder = ControllerRecord(
        id: 0, parentID: nil, path: [], identifier: "", title: nil, windowIndex: 0, relation: .windowRoot(window: 0),
        className: "", classVersion: 0, restorationClassName: nil, isViewLoaded: false, appearance: .disappeared,
        isCollapsed: false, values: [:])

    /// The path as text: `/tabs/inbox/message`.
    public var pathString: String { storage.pathText ?? SnapshotPath.string(path) }

    public static func == (lhs: ControllerRecord, rhs: ControllerRecord) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }
}

/// One saved restorable object other than a controller.
public struct ObjectRecord: Sendable, Hashable {
    /// Unique within its snapshot, in the same numbering as controllers.
    public var id: Int
    /// Its registered class name.
    public var className: String
    /// Its registered class version.
    public var classVersion: Int
    /// The keyed values it wrote.
    public var values: [String: CodedValue]
}

/// What a snapshot says about itself (`RESTORATION.md` §1.6).
public struct SnapshotMetadata: Sendable, Hashable {
    /// When it was saved.
    public var createdAt: Date
    /// The app's version string.
    public var appVersion: String
    /// The app's build string.
    public var appBuild: String
    /// The schema version it was written with.
    public var schemaVersion: Int
    /// The platform that wrote it.
    public var platform: String
    /// A free-form label.
    public var label: String

    /// Makes metadata; `platform` defaults to this machine's.
    public init(createdAt: Date = Date(), appVersion: String, appBuild: String,
                schemaVersion: Int = Migrator.latestVersion, platform: String = SnapshotMetadata.currentPlatform,
                label: String = "") {
        self.createdAt = createdAt
        self.appVersion = appVersion
        self.appBuild = appBuild
        self.schemaVersion = schemaVersion
        self.platform = platform
        self.label = label
    }

    /// The operating system and architecture of this process.
    public static var currentPlatform: String {
        #if os(Linux)
        let system = "Linux"
        #elseif os(macOS)
        let system = "macOS"
        #else
        let system = "unknown"
        #endif
        #if arch(x86_64)
        return system + " x86_64"
        #elseif arch(arm64)
        return system + " arm64"
        #else
        return system
        #endif
    }
}

/// A whole snapshot, as read back.
public struct Snapshot: Sendable, Hashable {
    /// Its id in the database.
    public var id: Int64
    /// Its metadata.
    public var metadata: SnapshotMetadata
    /// How many windows it holds.
    public var windowCount: Int
    /// Its controllers, parents before children.
    public var controllers: [ControllerRecord]
    /// The other objects its controllers reference.
    public var objects: [ObjectRecord]
}

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

    /// Whether `component` holds `%` or `/`. Over the bytes where the string keeps them: the
    /// generic search of a string's UTF-8 view cost about ten instructions a byte.
    private static func needsEscaping(_ component: String) -> Bool {
        component.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "/") }
        } ?? component.utf8.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "/") }
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
