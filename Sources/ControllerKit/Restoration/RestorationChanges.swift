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

    /// Bumped by every ``ViewController/invalidateRestorableState()`` in the process.
    public private(set) static var stateGeneration: UInt64 = 0

    /// The controllers that invalidated their state, oldest first, each with the
    /// `stateGeneration` its call made. Bounded: past `invalidationLimit` the older half goes.
    private static var invalidations: [(generation: UInt64, controller: ObjectIdentifier)] = []
    /// The newest generation dropped from `invalidations`: nothing at or before it can be listed.
    private static var droppedThrough: UInt64 = 0
    private static let invalidationLimit = 4_096

    static func stateDidChange(_ controller: ViewController) {
        stateGeneration &+= 1
        invalidations.append((stateGeneration, ObjectIdentifier(controller)))
        if invalidations.count > invalidationLimit {
            let dropped = invalidations.count - invalidationLimit / 2
            droppedThrough = invalidations[dropped - 1].generation
            invalidations.removeFirst(dropped)
        }
    }

    /// The controllers that called `invalidateRestorableState()` after ``stateGeneration`` was
    /// `generation`, in call order and possibly repeated; `nil` when more happened since than
    /// this log keeps (a few thousand calls), and every controller must be checked instead.
    ///
    /// Lets an incremental save look only at what changed, where comparing every saved
    /// controller's generation cost most of a save at 10,000 controllers. An identifier may
    /// belong to a controller released since, whose address a new one took: callers check the
    /// controller they find.
    public static func controllersInvalidated(after generation: UInt64) -> [ObjectIdentifier]? {
        guard generation >= droppedThrough, generation <= stateGeneration else { return nil }
        // Sorted by generation: the first newer entry by binary search.
        var low = 0, high = invalidations.count
        while low < high {
            let middle = (low + high) / 2
            if invalidations[middle].generation <= generation { low = middle + 1 } else { high = middle }
        }
        var found: [ObjectIdentifier] = []
        found.reserveCapacity(invalidations.count - low)
        for index in low..<invalidations.count { found.append(invalidations[index].controller) }
        return found
    }
}

extension ViewController {
    /// Tells the state-restoration layer that this controller's keyed values changed, so the next
    /// save encodes it again; as `UIViewController.invalidateRestorableState()`. Controllers whose
    /// values change without this call keep their previously saved values in incremental saves.
    public func invalidateRestorableState() {
        restorableStateGeneration &+= 1
        RestorationChanges.stateDidChange(self)
    }
}
