@_spi(Restoration) import ControllerKit

/// What a store remembers of its last save, so the next one writes only what changed: stable
/// node ids, each controller's saved row and state, and the anchor that deltas overlay.
///
/// It lives with the store (a fresh store saves in full), is read on the main actor during
/// capture, and is replaced only once the draft built from it is written; a failed write resets
/// it, so the next save is full.
struct IncrementalState: Sendable {
    /// A controller's row as last written, without its values once committed (those live in the
    /// state record).
    struct Entry: Sendable {
        let controller: WeakControllerReference
        var record: ControllerRecord
        /// The record's path as text, kept so saves that skip the walk need not rebuild it.
        var pathText: String
        /// `nil` until the writer assigns the state record of a freshly encoded controller.
        var stateID: Int64?
        var stateGeneration: UInt64
        /// Payloads with references are encoded every time: the objects they point at are
        /// written per snapshot, and must be found again. Set by ``commit`` from what the
        /// writer found while encoding the payload.
        var hasReferences: Bool
        /// Where it comes in `order`, to put the controllers a save re-encodes in save order.
        var position: Int

        /// Encoded at every save, whatever was invalidated: it has references, or the writer
        /// gave it no state record.
        var isEncodedEverySave: Bool { hasReferences || stateID == nil }
    }

    var structureGeneration: UInt64?
    var nextNodeID = 1
    /// Each saved controller's entry as the last walk made it; ``entry(_:)`` reads it through
    /// `overrides`.
    private(set) var entries: [Int: Entry] = [:]
    /// The entries saves since that walk changed (re-encoded controllers). Kept apart so that a
    /// save after a small change copies only these: changing `entries` itself copied all of them,
    /// since the store and the anchor share them (a third of an incremental save at 10,000).
    private(set) var overrides: [Int: Entry] = [:]
    /// The controllers the capture of this state encoded again, for `commit`.
    private(set) var reencoded: [Int] = []
    /// Whether `entries` was rebuilt by a walk since the last commit.
    private var entriesRebuilt = false
    var idsByController: [ObjectIdentifier: Int] = [:]
    var anchorID: Int64?
    /// The entries as the anchor wrote them (each row and its state id), for deciding what a
    /// delta writes: the committed entries themselves, shared rather than copied.
    var anchorEntries: [Int: Entry] = [:]
    var lastSnapshotID: Int64?
    /// The node ids in save order (parents first), and how many windows the walk saw.
    var order: [Int] = []
    var windowCount = 0
    /// What the last walk left out, repeated by saves that skip the walk.
    var lastLeftOut: [SaveReport.LeftOut] = []
    /// What the last walk saved, in `order`: the same list for saves that skip the walk, whose
    /// paths and classes cannot have changed (rebuilding it was a fifth of such a save at 10,000).
    var lastSaved: [SaveReport.Saved] = []
    /// `RestorationChanges.stateGeneration` when this state's capture began: later
    /// invalidations are what the next save re-encodes.
    var invalidationsSeen: UInt64?
    /// The ids of the entries that are `isEncodedEverySave`, kept by `commit` so a save need not
    /// look at every entry to find them.
    var needsEncoding = Set<Int>()
    /// The controllers whose rows differ from the anchor's, and the anchor's controllers that are
    /// gone: what a delta writes. Kept so saves that skip the walk compare only these and the
    /// controllers that invalidated their state.
    var differingFromAnchor = Set<Int>()
    var removedFromAnchor: [Int] = []

    /// Whether any controller has an entry: not before a store's first save.
    var hasEntries: Bool { !entries.isEmpty || !overrides.isEmpty }

    /// The entry of node `id`, changed or as the walk made it.
    func entry(_ id: Int) -> Entry? {
        overrides[id] ?? entries[id]
    }

    /// Records that the capture encoded node `id` again, as `entry`, without touching `entries`.
    mutating func recordReencoded(_ entry: Entry, for id: Int) {
        overrides[id] = entry
        reencoded.append(id)
    }

    /// What a walk found: the entries start over.
    mutating func replaceEntries(_ walked: [Int: Entry]) {
        entries = walked
        overrides = [:]
        entriesRebuilt = true
    }

    /// Every entry, changed or not.
    var allEntries: [Int: Entry] {
        overrides.isEmpty ? entries : entries.merging(overrides) { _, changed in changed }
    }

    /// Records what was written: the state records the writer assigned, and the new anchor when
    /// the draft was full. Takes the entries' values out, which the state records now hold (in
    /// place when the written draft was let go first), and frees them on another thread.
    /// `referencingIDs` are the freshly encoded controllers whose payloads refer to objects.
    mutating func commit(isDelta: Bool, snapshotID: Int64, newStateIDs: [Int: Int64], referencingIDs: Set<Int>) {
        // Freeing a thousand controllers' values here was a tenth of a save's time on the thread
        // that saves, usually the main actor (perf).
        if entriesRebuilt {
            // After a walk: every entry is new, and holds the values just written.
            for (id, stateID) in newStateIDs { entries[id]?.stateID = stateID }
            for id in referencingIDs { entries[id]?.hasReferences = true }
            var written: [KeyedValues] = []
            written.reserveCapacity(entries.count)
            needsEncoding = []
            for index in entries.indices {
                if !entries.values[index].record.keyedValues.isEmpty {
                    written.append(entries.values[index].record.takeValues())
                }
                if entries.values[index].isEncodedEverySave {
                    needsEncoding.insert(entries.keys[index])
                }
            }
            releaseInBackground(consume written)
            entriesRebuilt = false
        } else {
            // After a save that skipped the walk: only the re-encoded entries changed (their
            // records share the walk's, without values).
            for id in reencoded {
                guard var changed = overrides[id] else { continue }
                changed.stateID = newStateIDs[id]
                changed.hasReferences = referencingIDs.contains(id)
                overrides[id] = changed
                if changed.isEncodedEverySave { needsEncoding.insert(id) } else { needsEncoding.remove(id) }
            }
        }
        reencoded = []
        lastSnapshotID = snapshotID
        guard !isDelta else { return }
        if !overrides.isEmpty {
            // A new anchor: the overrides become the entries it is compared against.
            entries = allEntries
            overrides = [:]
        }
        anchorID = snapshotID
        anchorEntries = entries
        differingFromAnchor = []
        removedFromAnchor = []
    }

    /// The id `controller` keeps across saves, or a new one. A store's first save looks up
    /// nothing: every id is new.
    @MainActor
    mutating func nodeID(for controller: ViewController) -> Int {
        if !idsByController.isEmpty, let known = idsByController[ObjectIdentifier(controller)],
           entry(known)?.controller.value === controller {
            return known
        }
        defer { nextNodeID += 1 }
        return nextNodeID
    }

    /// The saved state `controller` can share with the last save, when its values did not change.
    @MainActor
    func reusableState(for controller: ViewController, id: Int) -> Int64? {
        guard let entry = entry(id), entry.controller.value === controller, !entry.hasReferences,
              entry.stateGeneration == controller.restorableStateGeneration else { return nil }
        return entry.stateID
    }
}

/// A weak reference that can cross actors: only the main actor dereferences it. A struct, held
/// in place by arrays and entries: as a class, a walk of 10,000 controllers allocated one each
/// (callgrind: a twentieth of a capture).
struct WeakControllerReference: @unchecked Sendable {
    weak var value: ViewController?
    init(_ value: ViewController) { self.value = value }

    /// The controller the reference at `pointer` names, read where it is: reading `value` from
    /// the array or the pointee copied the reference first (a weak count taken and dropped).
    /// Through a mutating method, `self` is the memory itself; nothing is written.
    static func load(at pointer: UnsafePointer<WeakControllerReference>) -> ViewController? {
        UnsafeMutablePointer(mutating: pointer).pointee.loadInPlace()
    }

    private mutating func loadInPlace() -> ViewController? { value }
}
