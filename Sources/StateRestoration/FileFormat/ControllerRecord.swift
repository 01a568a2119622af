import ControllerKit

/// One saved controller, readable without the app's classes: a `controller` row, values decoded.
public struct ControllerRecord: Sendable, Hashable {
    /// Unique within its snapshot; also the id object references to it use.
    public var id: Int
    /// The parent's or presenter's id; `nil` for a window root.
    public var parentID: Int?
    /// The restoration path, identifiers from the root down (docs/schema.md, "Paths").
    public var path: [String]
    /// The controller's `restorationIdentifier`.
    public var identifier: String
    /// Its `title` at save time, for tools (restore leaves titles to the controller's code).
    public var title: String?
    /// Which window it belongs to.
    public var windowIndex: Int
    /// How it hangs under its parent or presenter, or that it is its window's root.
    public var relation: ControllerRelation
    /// The registered class name (or, for an unregistered class, its plain type name).
    public var className: String
    /// The class version registered at save time.
    public var classVersion: Int
    /// The registered name of its `restorationClass` factory, if any.
    public var restorationClassName: String?
    /// Whether its view was loaded at save time.
    public var isViewLoaded: Bool
    /// Its appearance state at save time.
    public var appearance: AppearanceState
    /// For a split view controller: whether it was collapsed.
    public var isCollapsed: Bool
    /// The keyed values its `encodeRestorableState(with:)` wrote.
    public var values: [String: CodedValue]

    /// The path as text: `/tabs/inbox/message`.
    public var pathString: String { SnapshotPath.string(path) }
}
