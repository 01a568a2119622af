import ControllerKit

/// The coder a controller or an object reads from during a restore: references resolve to the instances
/// the restore has made, so cycles of controllers and ``StateRestoring`` objects need no recursion.
final class RestoringCoder: Coder {
    private let instances: RestoredInstances

    init(values: [String: CodedValue], path: [String], classVersions: [String: Int], instances: RestoredInstances) {
        self.instances = instances
        super.init(values: values, codingPath: path, classVersions: classVersions)
    }

    override func object(for reference: ObjectReference, forKey key: String) -> AnyObject? {
        do {
            return try instances.object(reference, classVersions: allClassVersions)
        } catch {
            failWithError(CoderError(kind: error.kind, key: key, path: codingPath))
            return nil
        }
    }
}

/// The instances a restore has made, by node or object id, shared with its coders, and its ``Coding`` objects.
final class RestoredInstances {
    /// Deeper nesting of ``Coding`` objects' `init?(coder:)` is refused, not a stack overflow.
    static let maximumNesting = 100

    struct Failure: Error { let kind: CoderError.Kind }

    /// Weak: a lazily restored controller's coder keeps this table until the controller's view
    /// loads, which must not keep that controller, or any other, alive.
    var controllers: [Int: WeakController] = [:]
    var objects: [Int: AnyObject] = [:]
    /// The coder each object was made with from its values, which its decode reads too.
    var objectCoders: [Int: RestoringCoder] = [:]
    /// The ``Coding`` objects' records and makers: each is made, and decoded, when a coder first decodes it.
    var codingObjects: [Int: (object: ObjectRecord, make: (Coder) -> (any Coding)?)] = [:]
    var failures: [Int: String] = [:]
    /// What went wrong making ``Coding`` objects, for the restore's report.
    var warnings: [String] = []
    /// The first cause of each failure: the object whose own values did not make it.
    private var causes: [Int: String] = [:]
    private var inProgress: Set<Int> = []

    /// The instance `reference` points at, making a pending ``Coding`` object first, or why there is none; a failure
    /// names the object and its first cause, not the whole chain (docs/behaviour.md §6).
    func object(_ reference: ObjectReference, classVersions: [String: Int]) throws(Failure) -> AnyObject {
        let id = reference.id
        func notRestored(_ reason: String) -> Failure { Failure(kind: .objectNotRestored(reference, reason: reason)) }
        if let controller = controllers[id]?.controller { return controller }
        if let object = objects[id] { return object }
        if let reason = failures[id] { throw notRestored(reason) }
        guard let (object, make) = codingObjects[id] else { throw Failure(kind: .unknownObject(reference)) }
        func firstCause(_ reason: String) -> Failure {
            failures[id] = reason
            causes[id] = "object #\(id) (\(object.className)): \(reason)"
            warnings.append("object \(id) (\(object.className)): \(reason)")
            return notRestored(reason)
        }
        if inProgress.contains(id) {
            // The outer decode of the same object then fails through this one.
            throw firstCause("it decodes itself through a cycle of Coding objects (a cycle needs StateRestoring objects)")
        }
        guard inProgress.count < Self.maximumNesting else {
            throw firstCause("more than \(Self.maximumNesting) Coding objects would be decoding inside each other")
        }
        inProgress.insert(id)
        let coder = RestoringCoder(values: object.values, path: ["object \(id)"], classVersions: classVersions, instances: self)
        let made = make(coder)
        inProgress.remove(id)
        if let error = coder.error, case .objectNotRestored(let inner, let innerReason) = error.kind {
            // The first cause is reported where it happened; this one points at it.
            let cause = causes[inner.id] ?? innerReason
            let reason = "\(object.className) did not decode: key \(error.key.debugDescription) refers to object #\(inner.id), "
                + "which was not restored: \(cause)"
            failures[id] = reason
            causes[id] = cause
            throw notRestored(reason)
        }
        if let error = coder.error { throw firstCause("\(object.className) did not decode: \(error)") }
        guard let made else { throw firstCause("init?(coder:) of \(object.className) returned nil") }
        objects[id] = made
        return made
    }
}

struct WeakController {
    weak var controller: ViewController?
}
