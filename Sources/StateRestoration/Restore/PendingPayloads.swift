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
    // Unchecked exclusivity: every access to a class's stored `var` is checked at run time
    // otherwise, three times for each record (callgrind: 4.5M instructions in three restores
    // of 10,000). No access can overlap another: only `place(_:)` and `init` touch it, on the
    // main actor, and neither calls out while an access lasts.
    @exclusivity(unchecked) private var batches: [DeferredPayloads.Batch?]

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
        guard let (number, position) = place(index), batches[number]?.hasFailure == true,
              case .failure(let error)? = batches[number]?.decoded[position] else { return nil }
        return .malformedPayload(error)
    }

    func keyedValues(at index: Int) -> Result<KeyedValues, CoderError> {
        guard let (number, position) = place(index) else { return .success(KeyedValues()) }
        // Optional chaining flattens: `nil` for no batch and for no payload alike.
        switch batches[number]?.decoded[position] {
        case .success(let values)?:
            return .success(values)
        case .failure(let error)?:
            return .failure(CoderError(kind: .corruptPayload(SnapshotProblem.Reason.malformedPayload(error).description),
                                       key: "", path: []))
        case nil:
            return .success(KeyedValues())
        }
    }

    /// Record `index`'s batch and place in it, the batch taken (decoded here if no thread has
    /// started it); `nil` for a record without a payload slot.
    private func place(_ index: Int) -> (batch: Int, position: Int)? {
        guard undecoded.slots.indices.contains(index) else { return nil }
        let (number, position) = undecoded.slots[index].quotientAndRemainder(dividingBy: DeferredPayloads.batch)
        guard batches.indices.contains(number) else { return nil }
        if batches[number] == nil { batches[number] = undecoded.decoding.batch(number) ?? DeferredPayloads.Batch(decoded: []) }
        guard let count = batches[number]?.decoded.count, position < count else { return nil }
        return (number, position)
    }
}
