@_spi(Restoration) import ControllerKit

/// The numbering shared by every coder of one save.
@MainActor
final class ArchiveContext {
    let registry: RestorationRegistry
    /// The saved controllers' ids, made when a value first refers to a controller: most saves
    /// never need them, and making them cost a hash a controller on the main actor.
    private var controllerIDs: [ObjectIdentifier: Int]?
    private let makeControllerIDs: () -> [ObjectIdentifier: Int]
    private var objectIDs: [ObjectIdentifier: Int] = [:]
    private var queue: [(Int, any RestorableObject)] = []
    private var queueStart = 0
    private var nextObjectID: Int
    private(set) var warnings: [String] = []

    init(registry: RestorationRegistry, controllerIDs: @escaping () -> [ObjectIdentifier: Int], firstObjectID: Int) {
        self.registry = registry
        self.makeControllerIDs = controllerIDs
        self.nextObjectID = firstObjectID
    }

    /// The reference `coder` stores for `object`; its path names it in a warning when none.
    func reference(for object: any RestorableObject, from coder: Coder) -> ObjectReference? {
        let identity = ObjectIdentifier(object)
        if object is ViewController {
            let ids = controllerIDs ?? makeControllerIDs()
            controllerIDs = ids
            if let id = ids[identity] { return ObjectReference(id: id) }
            warnings.append("\(SnapshotPath.string(coder.codingPath)): a reference to \(object) was not kept: that controller is not saved")
            return nil
        }
        if let id = objectIDs[identity] { return ObjectReference(id: id) }
        guard registry.objectEntry(for: object) != nil else {
            warnings.append("\(SnapshotPath.string(coder.codingPath)): a reference to a \(type(of: object)) was not kept: its class is not registered")
            return nil
        }
        let id = nextObjectID
        nextObjectID += 1
        objectIDs[identity] = id
        queue.append((id, object))
        return ObjectReference(id: id)
    }

    func nextQueuedObject() -> (Int, any RestorableObject)? {
        guard queueStart < queue.count else { return nil }
        defer { queueStart += 1 }
        return queue[queueStart]
    }
}

/// The coder a controller writes into during a save: references become ids of the archive.
@MainActor
final class ArchivingCoder: Coder {
    private let context: ArchiveContext

    init(context: ArchiveContext, codingPath: [String] = []) {
        self.context = context
        super.init(codingPath: codingPath)
        // The writer encodes `Sendable` values on its threads (see `SnapshotWriter`).
        defersSendableEncodings = true
    }

    override func reference(for object: any RestorableObject) -> ObjectReference? {
        context.reference(for: object, from: self)
    }
}
