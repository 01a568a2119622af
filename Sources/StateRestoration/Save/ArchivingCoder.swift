@_spi(Restoration) import ControllerKit

/// The numbering shared by every coder of one save: controllers by their node ids, other
/// objects (``StateRestoring`` and ``Coding``) numbered after them as values first refer to them.
///
/// An object is kept only when restore can bring it back: a saved controller; an object of a
/// registered class, or whose registered `objectRestorationClass` makes it; an object the app
/// registered by instance. Anything else is left out with a warning naming the path and key.
@MainActor
final class ArchiveContext {
    let registry: RestorationRegistry
    /// The saved controllers' node ids.
    let controllerIDs: [ObjectIdentifier: Int]
    private var objectIDs: [ObjectIdentifier: Int] = [:]
    /// The objects the app registered by instance, with their identifiers, by object id.
    private var registered: [Int: (object: any StateRestoring, identifier: String)] = [:]
    private var registeredIdentity: [ObjectIdentifier: Int] = [:]
    /// Objects referred to and not yet encoded, oldest first: ``Coding`` objects in a
    /// ``CodingObjectBox``.
    private var queue: [(id: Int, object: any StateRestoring)] = []
    private var queueStart = 0
    private var nextObjectID: Int
    private(set) var warnings: [String] = []

    init(registry: RestorationRegistry, controllerIDs: [ObjectIdentifier: Int]) {
        self.registry = registry
        self.controllerIDs = controllerIDs
        nextObjectID = (controllerIDs.values.max() ?? 0) + 1
    }

    /// The reference that the coder at `path` stores for `object` under `key`; `nil`, with a
    /// warning naming both, when restore could not bring the object back.
    func reference(for object: AnyObject, key: String, path: [String]) -> ObjectReference? {
        let identity = ObjectIdentifier(object)
        if object is ViewController {
            if let id = controllerIDs[identity] { return ObjectReference(id: id) }
            warnings.append("\(SnapshotPath.string(path)): a reference to \(object) was not kept: that controller is not saved")
            return nil
        }
        if let id = objectIDs[identity] { return ObjectReference(id: id) }
        guard let encodable = encodable(object, key: key, path: path) else { return nil }
        return ObjectReference(id: id(of: encodable, identity: identity))
    }

    /// `object` as the save encodes it, or `nil` and a warning when its class is not registered.
    private func encodable(_ object: AnyObject, key: String, path: [String]) -> (any StateRestoring)? {
        let place = "\(SnapshotPath.string(path)): a reference to a \(type(of: object)) under key \(key.debugDescription) was not kept"
        if let restoring = object as? any StateRestoring {
            if let entry = registry.objectEntry(for: restoring) {
                if case .coding = entry.kind, let coding = object as? any Coding { return CodingObjectBox(coding) }
                return restoring
            }
            if let factory = restoring.objectRestorationClass {
                warnings.append("\(place): neither its class nor its restoration class \(factory) is registered")
            } else {
                warnings.append("\(place): its class is not registered")
            }
            return nil
        }
        if let coding = object as? any Coding {
            if registry.codingEntry(for: coding) != nil { return CodingObjectBox(coding) }
            warnings.append("\(place): its class is not registered (registerObject(\(type(of: object)).self, as:))")
            return nil
        }
        warnings.append("\(place): it is neither StateRestoring nor Coding")
        return nil
    }

    /// Saves `object`, which the app registered under `identifier`, whatever its class.
    func register(_ object: any StateRestoring, identifier: String) {
        let id = id(of: object, identity: ObjectIdentifier(object))
        registered[id] = (object, identifier)
        registeredIdentity[ObjectIdentifier(object)] = id
    }

    /// The id of `object`, numbered and queued for encoding the first time it is met.
    private func id(of object: any StateRestoring, identity: ObjectIdentifier) -> Int {
        if let id = objectIDs[identity] { return id }
        let id = nextObjectID
        nextObjectID += 1
        objectIDs[identity] = id
        queue.append((id, object))
        return id
    }

    /// What the record of object `id` stores as its identifier, if the app registered it: its
    /// identifier, or, when it has a ``StateRestoring/restorationParent``, the parent's path
    /// followed by its identifier (``ObjectPath``). Asked once every object is registered.
    func identifier(of id: Int) -> String? {
        guard let (object, identifier) = registered[id] else { return nil }
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(object)]
        return ObjectPath.string(identifierPath(of: object, identifier: identifier, visited: &visited))
    }

    /// The restoration path of a registered object: its parent's, then its identifier.
    private func identifierPath(of object: any StateRestoring, identifier: String, visited: inout Set<ObjectIdentifier>) -> [String] {
        guard let parent = object.restorationParent else { return [identifier] }
        guard visited.insert(ObjectIdentifier(parent)).inserted else {
            warnings.append("object \(identifier.debugDescription): its restoration parents form a cycle; it is saved under its identifier alone")
            return [identifier]
        }
        if let controller = parent as? ViewController {
            if let path = controller.restorationIdentifierPath, controllerIDs[ObjectIdentifier(controller)] != nil {
                return path + [identifier]
            }
            warnings.append("object \(identifier.debugDescription): its restoration parent \(controller) is not saved; it is saved under its identifier alone")
            return [identifier]
        }
        if let parentID = registeredIdentity[ObjectIdentifier(parent)], let (_, parentIdentifier) = registered[parentID] {
            return identifierPath(of: parent, identifier: parentIdentifier, visited: &visited) + [identifier]
        }
        warnings.append("object \(identifier.debugDescription): its restoration parent, a \(type(of: parent)), is not registered for state restoration; it is saved under its identifier alone")
        return [identifier]
    }

    /// The oldest object referred to and not encoded yet; a queue, so chains and cycles of
    /// references need no recursion.
    func nextQueuedObject() -> (id: Int, object: any StateRestoring)? {
        guard queueStart < queue.count else { return nil }
        defer { queueStart += 1 }
        return queue[queueStart]
    }
}

/// A ``Coding`` object in the save's queue: encoding it runs its `encode(with:)`, and the
/// registry names it by the object's class.
@MainActor
final class CodingObjectBox: StateRestoring {
    let object: any Coding

    init(_ object: any Coding) {
        self.object = object
    }

    func encodeRestorableState(with coder: Coder) {
        object.encode(with: coder)
    }
}

/// How an object record stores its identifier path: a parentless identifier as itself (as
/// snapshots always stored it), a longer path as ``SnapshotPath`` text, `/` first.
enum ObjectPath {
    static func string(_ components: [String]) -> String {
        if components.count == 1, !components[0].hasPrefix("/") { return components[0] }
        return SnapshotPath.string(components)
    }

    static func components(_ text: String) -> [String] {
        text.hasPrefix("/") ? SnapshotPath.components(text) : [text]
    }
}

/// The coder a controller, an object or the app writes into during a save: references become
/// ids of the snapshot. Made on the main actor, where the save runs, and used there.
final class ArchivingCoder: Coder {
    private let context: ArchiveContext

    @MainActor
    init(context: ArchiveContext, codingPath: [String]) {
        self.context = context
        super.init(codingPath: codingPath)
    }

    override func reference(for object: AnyObject, forKey key: String) -> ObjectReference? {
        // The coder is not Sendable and a save makes it on the main actor, where it runs the
        // hooks: checked Swift code cannot take it elsewhere, and the save is synchronous.
        // Handed to the main actor it is already on, synchronously: nothing is shared.
        nonisolated(unsafe) let object = object
        let context = context
        let path = codingPath
        return MainActor.assumeIsolated { context.reference(for: object, key: key, path: path) }
    }
}
