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
        instances.controllers[reference.id]?.controller ?? instances.objects[reference.id]
    }
}

/// The instances a restore has made, by node or object id, shared with the coders that resolve
/// references to them.
@MainActor
final class RestoredInstances {
    /// Weak: a lazily restored controller's coder keeps this table until the controller's view
    /// loads, which must not keep that controller, or any other, alive.
    var controllers: [Int: WeakController] = [:]
    var objects: [Int: any RestorableObject] = [:]
}

struct WeakController {
    weak var controller: ViewController?
}
