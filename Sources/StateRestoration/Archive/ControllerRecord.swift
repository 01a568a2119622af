@_spi(Restoration) import ControllerKit

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

    /// A record of `fields`, whose path reads as `pathText` (`SnapshotPath.string(fields.path)`).
    init(fields: Fields, pathText: String) {
        storage = Storage(fields, pathText: pathText)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields, pathText: storage.pathText) }
    }

    private mutating func update(_ change: (inout Fields) -> Void) {
        makeUnique()
        change(&storage.fields)
    }

    /// Sets the keyed values, in place when nothing else holds this record's storage.
    mutating func setKeyedValues(_ values: KeyedValues) {
        update { $0.values = values }
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

    /// Whether the two would write the same node record: every field but the values (which live in
    /// the state record). Compares the fields' own equality, so a field added later counts too.
    func hasSameRow(as other: ControllerRecord) -> Bool {
        if storage === other.storage { return true }
        var mine = storage.fields, theirs = other.storage.fields
        mine.values = KeyedValues()
        theirs.values = KeyedValues()
        return mine == theirs
    }

    /// The path as text: `/tabs/inbox/message`.
    public var pathString: String { storage.pathText ?? SnapshotPath.string(path) }

    public static func == (lhs: ControllerRecord, rhs: ControllerRecord) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }
}
