/// What the state-restoration layer reads to save only what changed since its last save.
///
/// Two kinds of change matter. A controller's keyed values change when the app says so, with
/// ``ViewController/invalidateRestorableState()`` (as in AppKit). The structure changes with every
/// containment, presentation, selection, collapse, view load or unload, appearance change, title
/// or identifier change anywhere; the runtime counts those itself in ``structureGeneration``.
@MainActor
public enum RestorationChanges {
    /// Bumped by every structural change to any controller hierarchy in the process.
    // Unchecked, as `invalidations` below: every title, identifier and containment change bumps
    // it, each access a whole read or one increment on the main actor.
    @exclusivity(unchecked) public private(set) static var structureGeneration: UInt64 = 0

    static func structureDidChange() {
        structureGeneration &+= 1
    }

    /// Bumped by every ``ViewController/invalidateRestorableState()`` in the process.
    public static var stateGeneration: UInt64 { invalidations.generation }

    /// One variable, not four: every access to a global is checked for exclusivity at run time,
    /// and an app's property setters call `invalidateRestorableState()` for each value a
    /// restore decodes.
    // Unchecked: main-actor isolated, and every access is one call that neither re-enters nor
    // yields, so none can overlap another.
    @exclusivity(unchecked) private static var invalidations = InvalidationLog()

    static func stateDidChange(_ controller: ViewController) {
        invalidations.record(ObjectIdentifier(controller))
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
        invalidations.controllers(after: generation)
    }
}

/// The controllers that invalidated their state, oldest first, each with the generation its
/// call made. Bounded: past `limit` the older half goes.
struct InvalidationLog {
    private(set) var generation: UInt64 = 0
    private var entries: [(generation: UInt64, controller: ObjectIdentifier)] = []
    /// The newest generation dropped from `entries`: nothing at or before it can be listed.
    private var droppedThrough: UInt64 = 0
    private let limit = 4_096

    mutating func record(_ controller: ObjectIdentifier) {
        generation &+= 1
        // A controller invalidating again, with no other in between, moves its entry up: whoever
        // saw a generation before this call also sees the entry after it. A restore's property
        // setters invalidate each controller once per value decoded (callgrind: a fortieth of a
        // restore when each call was an entry).
        if let last = entries.indices.last, entries[last].controller == controller {
            entries[last].generation = generation
            return
        }
        entries.append((generation, controller))
        if entries.count > limit {
            let dropped = entries.count - limit / 2
            droppedThrough = entries[dropped - 1].generation
            entries.removeFirst(dropped)
        }
    }

    func controllers(after generation: UInt64) -> [ObjectIdentifier]? {
        guard generation >= droppedThrough, generation <= self.generation else { return nil }
        // Sorted by generation: the first newer entry by binary search.
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].generation <= generation { low = middle + 1 } else { high = middle }
        }
        var found: [ObjectIdentifier] = []
        found.reserveCapacity(entries.count - low)
        for index in low..<entries.count { found.append(entries[index].controller) }
        return found
    }
}

extension ViewController {
    /// Tells the state-restoration layer that this controller's keyed values changed, so the next
    /// save encodes it again; as AppKit's `NSResponder.invalidateRestorableState()` (UIKit has no
    /// such call: it encodes every controller at each save). Controllers whose values change
    /// without this call keep their previously saved values in incremental saves.
    public func invalidateRestorableState() {
        restorableStateGeneration &+= 1
        RestorationChanges.stateDidChange(self)
    }
}
