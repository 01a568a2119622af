@_spi(Restoration) import ControllerKit

/// The coder a controller reads from during a restore: references resolve to the instances the
/// restore has made, whatever order they were made in, so cycles need no recursion.
@MainActor
final class RestoringCoder: Coder {
    private let resolve: (Int) -> (any RestorableObject)?

    init(record values: KeyedValues, path: [String], classVersions: [String: Int],
         resolve: @escaping (Int) -> (any RestorableObject)?) {
        self.resolve = resolve
        super.init(keyedValues: values, codingPath: path, classVersions: classVersions)
    }

    /// A coder whose values `source` supplies when first read (``PendingPayloads``).
    init(valuesFrom source: PendingPayloads, index: Int, path: [String], classVersions: [String: Int],
         resolve: @escaping (Int) -> (any RestorableObject)?) {
        self.resolve = resolve
        super.init(valuesFrom: source, index: index, codingPath: path, classVersions: classVersions)
    }

    override func object(for reference: ObjectReference) -> (any RestorableObject)? {
        resolve(reference.id)
    }
}
