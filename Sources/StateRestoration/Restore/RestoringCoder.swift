import ControllerKit

/// The coder a controller reads from during a restore: references resolve to the instances the
/// restore has made, whatever order they were made in, so cycles need no recursion.
@MainActor
final class RestoringCoder: Coder {
    private let instances: RestoredInstances

    init(values: [String: CodedValue], path: [String], classVersions: [String: Int], instances: RestoredInstances) {
        self.instances = instances
        super.init(values: values, codingPath: path, classVersions: classVersions)
    }

    override func object(for reference: ObjectReference) -> (any RestorableObject)? {
        instances.controllers[reference.id] ?? instances.objects[reference.id]
    }
}

/// The instances a restore has made, by node or object id, shared with the coders that resolve
/// references to them.
@MainActor
final class RestoredInstances {
    var controllers: [Int: ViewController] = [:]
    var objects: [Int: any RestorableObject] = [:]
}
