@_spi(Restoration) import ControllerKit

/// The numbering shared by every coder of one save: controllers by their node ids, other objects
/// (``StateRestoring`` and ``Coding``) after them, as values first refer to them. An object is kept
/// only when restore can bring it back (docs/behaviour.md §3.4); else a warning names path and key.
@MainActor
final class ArchiveContext {
    let registry: RestorationRegistry
    let controllerIDs: [ObjectIdentifier: Int]
    private var objectIDs: [ObjectIdentifier: Int] = [:]
    /// The objects the app registered by instance, with their identifiers, by object id.
    private var registered: [Int: (object: any StateRestoring, identifier: String)] = [:]
    /// Objects referred to, in the order they were numbered: their records, values still empty, and
    /// how they encode. The save encodes them in turn, so chains and cycles need no recursion.
    private(set) var queue: [(record: ObjectRecord, encode: @MainActor (Coder) -> Void)] = []
    private(set) var warnings: [String] = []

    init(registry: RestorationRegistry, controllerIDs: [ObjectIdentifier: Int]) {
        self.registry = registry
        self.controllerIDs = controllerIDs
    }

    /// The reference that the coder at `path` stores for `object` under `key`, or `nil` when it is not kept.
    func reference(for object: AnyObject, key: String, path: [String]) -> ObjectReference? {
        let identity = ObjectIdentifier(object)
        if object is ViewController {
            if let id = controllerIDs[identity] { return ObjectReference(id: id) }
            warnings.append("\(SnapshotPath.string(path)): a reference to \(object) was not kept: that controller is not saved")
            return nil
        }
        if let id = objectIDs[identity] { return ObjectReference(id: id) }
        let reason: String
        if let restoring = object as? any StateRestoring {
            if let entry = registry.objectEntry(for: restoring) {
                if case .coding = entry.kind, let coding = object as? any Coding {
                    return number(object, entry) { coding.encode(with: $0) }
                }
                return number(object, entry) { restoring.encodeRestorableState(with: $0) }
            }
            reason = restoring.objectRestorationClass.map { "neither its class nor its restoration class \($0) is registered" }
                ?? "its class is not registered"
        } else if let coding = object as? any Coding {
            if let entry = registry.codingEntry(for: coding) { return number(object, entry) { coding.encode(with: $0) } }
            reason = "its class is not registered (registerObject(\(type(of: object)).self, as:))"
        } else {
            reason = "it is neither StateRestoring nor Coding"
        }
        warnings.append("\(SnapshotPath.string(path)): a reference to a \(type(of: object)) under key \(key.debugDescription) "
                        + "was not kept: \(reason)")
        return nil
    }

    /// Saves `object`, which the app registered under `identifier`, whatever its class.
    func register(_ object: any StateRestoring, identifier: String) {
        let reference = number(object, registry.objectEntry(for: object)) { object.encodeRestorableState(with: $0) }
        registered[reference.id] = (object, identifier)
    }

    /// The reference to `object`, numbered and queued the first time under `entry`'s name (else its class's).
    private func number(_ object: AnyObject, _ entry: RestorationRegistry.ObjectEntry?,
                        encode: @escaping @MainActor (Coder) -> Void) -> ObjectReference {
        let identity = ObjectIdentifier(object)
        if let id = objectIDs[identity] { return ObjectReference(id: id) }
        let id = (queue.last?.record.id ?? controllerIDs.values.max() ?? 0) + 1
        objectIDs[identity] = id
        let record = ObjectRecord(id: id, className: entry?.name ?? "\(type(of: object))", classVersion: entry?.version ?? 0,
                                  values: [:])
        queue.append((record, encode))
        return ObjectReference(id: id)
    }

    /// The identifier the record of object `id` stores, if the app registered it: after its
    /// ``StateRestoring/restorationParent``'s path if it has one. Asked once all are registered.
    func identifier(of id: Int) -> String? {
        guard let (object, identifier) = registered[id] else { return nil }
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(object)]
        return ObjectPath.string(identifierPath(of: object, identifier: identifier, visited: &visited))
    }

    private func identifierPath(of object: any StateRestoring, identifier: String, visited: inout Set<ObjectIdentifier>) -> [String] {
        guard let parent = object.restorationParent else { return [identifier] }
        let problem: String
        if !visited.insert(ObjectIdentifier(parent)).inserted {
            problem = "its restoration parents form a cycle"
        } else if let controller = parent as? ViewController {
            if let path = controller.restorationIdentifierPath, controllerIDs[ObjectIdentifier(controller)] != nil {
                return path + [identifier]
            }
            problem = "its restoration parent \(controller) is not saved"
        } else if let parentID = objectIDs[ObjectIdentifier(parent)], let (_, parentIdentifier) = registered[parentID] {
            return identifierPath(of: parent, identifier: parentIdentifier, visited: &visited) + [identifier]
        } else {
            problem = "its restoration parent, a \(type(of: parent)), is not registered for state restoration"
        }
        warnings.append("object \(identifier.debugDescription): \(problem); it is saved under its identifier alone")
        return [identifier]
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

/// The coder a save's controllers, objects and app write into: references become the snapshot's ids.
final class ArchivingCoder: Coder {
    private let context: ArchiveContext

    @MainActor
    init(context: ArchiveContext, codingPath: [String]) {
        self.context = context
        super.init(codingPath: codingPath)
    }

    override func reference(for object: AnyObject, forKey key: String) -> ObjectReference? {
        // A save makes its coders on the main actor and runs the hooks there, synchronously:
        // a coder is not Sendable, so checked Swift code cannot take it elsewhere.
        nonisolated(unsafe) let object = object
        let context = context
        let path = codingPath
        return MainActor.assumeIsolated { context.reference(for: object, key: key, path: path) }
    }
}
