import ControllerKit

/// The numbering shared by every coder of one save: controllers by their node ids, other
/// restorable objects numbered after them as values first refer to them.
@MainActor
final class ArchiveContext {
    let registry: RestorationRegistry
    /// The saved controllers' node ids.
    let controllerIDs: [ObjectIdentifier: Int]
    private var objectIDs: [ObjectIdentifier: Int] = [:]
    /// The identifiers of objects the app registered by instance, by object id.
    private var identifiers: [Int: String] = [:]
    /// Objects referred to and not yet encoded, oldest first.
    private var queue: [(id: Int, object: any RestorableObject)] = []
    private var queueStart = 0
    private var nextObjectID: Int
    private(set) var warnings: [String] = []

    init(registry: RestorationRegistry, controllerIDs: [ObjectIdentifier: Int]) {
        self.registry = registry
        self.controllerIDs = controllerIDs
        nextObjectID = (controllerIDs.values.max() ?? 0) + 1
    }

    /// The reference `coder` stores for `object`; its path names it in a warning when none.
    func reference(for object: any RestorableObject, from coder: Coder) -> ObjectReference? {
        let identity = ObjectIdentifier(object)
        if object is ViewController {
            if let id = controllerIDs[identity] { return ObjectReference(id: id) }
            warnings.append("\(SnapshotPath.string(coder.codingPath)): a reference to \(object) was not kept: that controller is not saved")
            return nil
        }
        guard objectIDs[identity] != nil || registry.objectEntry(for: object) != nil else {
            warnings.append("\(SnapshotPath.string(coder.codingPath)): a reference to a \(type(of: object)) was not kept: its class is not registered")
            return nil
        }
        return ObjectReference(id: id(of: object))
    }

    /// Saves `object`, which the app registered under `identifier`, whatever its class.
    func register(_ object: any RestorableObject, identifier: String) {
        identifiers[id(of: object)] = identifier
    }

    /// The id of `object`, numbered and queued for encoding the first time it is met.
    private func id(of object: any RestorableObject) -> Int {
        let identity = ObjectIdentifier(object)
        if let id = objectIDs[identity] { return id }
        let id = nextObjectID
        nextObjectID += 1
        objectIDs[identity] = id
        queue.append((id, object))
        return id
    }

    /// The identifier object `id` was registered under, if it was.
    func identifier(of id: Int) -> String? {
        identifiers[id]
    }

    /// The oldest object referred to and not encoded yet; a queue, so chains and cycles of
    /// references need no recursion.
    func nextQueuedObject() -> (id: Int, object: any RestorableObject)? {
        guard queueStart < queue.count else { return nil }
        defer { queueStart += 1 }
        return queue[queueStart]
    }
}

/// The coder a controller writes into during a save: references become ids of the snapshot.
@MainActor
final class ArchivingCoder: Coder {
    private let context: ArchiveContext

    init(context: ArchiveContext, codingPath: [String]) {
        self.context = context
        super.init(codingPath: codingPath)
    }

    override func reference(for object: any RestorableObject) -> ObjectReference? {
        context.reference(for: object, from: self)
    }
}
