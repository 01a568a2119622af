@_spi(Restoration) import ControllerKit

/// The numbering shared by every coder of one save.
@MainActor
final class ArchiveContext {
    let registry: RestorationRegistry
    private let controllerID: (ObjectIdentifier) -> Int?
    private var objectIDs: [ObjectIdentifier: Int] = [:]
    private var queue: [(Int, any RestorableObject)] = []
    private var queueStart = 0
    private var nextObjectID: Int
    private(set) var warnings: [String] = []

    init(registry: RestorationRegistry, controllerID: @escaping (ObjectIdentifier) -> Int?, firstObjectID: Int) {
        self.registry = registry
        self.controllerID = controllerID
        self.nextObjectID = firstObjectID
    }

    func reference(for object: any RestorableObject, at path: [String]) -> ObjectReference? {
        let identity = ObjectIdentifier(object)
        if object is ViewController {
            if let id = controllerID(identity) { return ObjectReference(id: id) }
            warnings.append("\(SnapshotPath.string(path)): a reference to \(object) was not kept: that controller is not saved")
            return nil
        }
        if let id = objectIDs[identity] { return ObjectReference(id: id) }
        guard registry.objectEntry(for: object) != nil else {
            warnings.append("\(SnapshotPath.string(path)): a reference to a \(type(of: object)) was not kept: its class is not registered")
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

    init(context: ArchiveContext, codingPath: [String]) {
        self.context = context
        super.init(codingPath: codingPath)
        // The writer encodes `Sendable` values on its threads (see `SnapshotWriter`).
        defersSendableEncodings = true
    }

    override func reference(for object: any RestorableObject) -> ObjectReference? {
        context.reference(for: object, at: codingPath)
    }
}
