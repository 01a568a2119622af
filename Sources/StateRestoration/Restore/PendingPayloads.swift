@_spi(Restoration) import ControllerKit

/// What a load for a restore leaves decoding (``SnapshotReader/loadForRestore(idOrNewest:from:)``):
/// the payloads, and which belongs to each of the snapshot's records.
struct UndecodedPayloads: Sendable {
    let decoding: DeferredPayloads
    /// Each record's payload slot in `decoding`, record by record.
    let slots: [Int]
    /// Whether each record has a payload there; a record without one holds its values.
    let present: [Bool]
}

/// A restore's payloads, decoding on the other cores while the main actor makes and attaches
/// the controllers: each controller's coder takes its values when something first reads them,
/// usually its `decodeRestorableState(with:)`, by when they are decoded. The main actor used to
/// wait for the last of them before making any controller (timestamps: 2 to 5 ms of a restore
/// of 10,000), and the other cores then sat idle through the restore's main-actor part.
///
/// A payload that does not decode under a checksum that matches (written wrong, or edited with
/// its checksum) is found only when its values are asked for: its controller was made by then,
/// and the restore drops it, with the reason a load gives (``failure(at:)``).
@MainActor
final class PendingPayloads: KeyedValuesSource {
    private let undecoded: UndecodedPayloads
    /// The batches taken so far, by number (each can be taken from `decoding` once).
    private var batches: [[DeferredPayloads.Decoded]?]

    init(_ undecoded: UndecodedPayloads) {
        self.undecoded = undecoded
        let count = (undecoded.decoding.count + DeferredPayloads.batch - 1) / DeferredPayloads.batch
        batches = Array(repeating: nil, count: count)
    }

    /// Whether record `index`'s values come from here; when not, its record holds them.
    func hasPayload(_ index: Int) -> Bool {
        undecoded.present.indices.contains(index) && undecoded.present[index]
    }

    /// Why record `index`'s payload does not decode, if it does not; decodes it if no thread has.
    func failure(at index: Int) -> SnapshotProblem.Reason? {
        if case .failure(let error)? = decoded(index) { return .malformedPayload(error) }
        return nil
    }

    func keyedValues(at index: Int) -> Result<KeyedValues, CoderError> {
        switch decoded(index) {
        case .success(let values)?:
            return .success(values)
        case .failure(let error)?:
            return .failure(CoderError(kind: .corruptPayload(SnapshotProblem.Reason.malformedPayload(error).description),
                                       key: "", path: []))
        case nil:
            return .success(KeyedValues())
        }
    }

    private func decoded(_ index: Int) -> DeferredPayloads.Decoded {
        guard undecoded.slots.indices.contains(index) else { return nil }
        let slot = undecoded.slots[index]
        let (number, position) = slot.quotientAndRemainder(dividingBy: DeferredPayloads.batch)
        guard batches.indices.contains(number) else { return nil }
        if batches[number] == nil { batches[number] = undecoded.decoding.batch(number) ?? [] }
        guard let batch = batches[number], batch.indices.contains(position) else { return nil }
        return batch[position]
    }
}
