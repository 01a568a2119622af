/// What the state-restoration layer reads to save only what changed since its last save.
///
/// Two kinds of change matter. A controller's keyed values change when the app says so, with
/// ``ViewController/invalidateRestorableState()`` (as in UIKit). The structure changes with every
/// containment, presentation, selection, collapse, view load or unload, appearance change, title
/// or identifier change anywhere; the runtime counts those itself in ``structureGeneration``.
@MainActor
public enum RestorationChanges {
    /// Bumped by every structural change to any controller hierarchy in the process.
    public private(set) static var structureGeneration: UInt64 = 0

    static func structureDidChange() {
        structureGeneration &+= 1
    }
}

extension ViewController {
    /// Tells the state-restoration layer that this controller's keyed values changed, so the next
    /// save encodes it again; as `UIViewController.invalidateRestorableState()`. Controllers whose
    /// values change without this call keep their previously saved values in incremental saves.
    public func invalidateRestorableState() {
        restorableStateGeneration &+= 1
    }
}
