@_spi(Restoration) import ControllerKit

/// The payloads a load parsed its records without, decoded into keyed values on the other cores
/// while the loading thread checks the snapshot's structure, then on that thread too
/// (``finish()``), or batch by batch as a restore needs them (``batch(_:)``).
///
/// Decoding payloads is half of parsing a snapshot's records (callgrind), and needs nothing the
/// structural checks find; done before them, it kept the second core idle for the length of the
/// checks. A record's checksum, checked while parsing, covers its payload's bytes, so a payload
/// that does not decode here is one written wrong or edited along with its checksum: a load
/// then reads the snapshot again decoding as it goes, which reports it where it always has.
final class DeferredPayloads: Sendable {
    /// One payload's values, or why they do not decode; `nil` where there was no payload.
    typealias Decoded = Result<KeyedValues, PayloadError>?

    /// The payloads one job decoded, and whether any of them failed: a restore asks each
    /// record whether its payload failed, and answering from the flag spared copying (and
    /// retaining) every record's values once more (perf: a twentieth of the restorer's
    /// main-actor time at 10,000 controllers).
    struct Batch: Sendable {
        var decoded: [Decoded]
        var hasFailure = false
    }

    /// Payloads decoded by one job, with one table of short strings.
    static let batch = 256
    private let jobs: BackgroundJobs<Batch>
    /// How many payload slots there are.
    let count: Int

    /// Starts decoding `payloads`; each must stay valid while a job may read it: until
    /// ``finish()`` returns, or for as long as `owner`, which every job holds until it is done.
    init(_ payloads: [UnsafeRawBufferPointer?], owner: (any AnyObject & Sendable)? = nil) {
        count = payloads.count
        jobs = BackgroundJobs(workers: parallelThreadCount - 1, maximumQueued: .max, byteBudget: .max)
        let shared = UncheckedSendable(payloads)
        for start in stride(from: 0, to: payloads.count, by: Self.batch) {
            let range = start..<min(start + Self.batch, payloads.count)
            jobs.submit(bytes: 0) {
                withExtendedLifetime(owner) {
                    let shortStrings = ShortStrings()
                    var batch = Batch(decoded: [])
                    batch.decoded.reserveCapacity(range.count)
                    for index in range {
                        guard let bytes = shared.value[index] else {
                            batch.decoded.append(nil)
                            continue
                        }
                        let result = Result { () throws(PayloadError) in
                            try PayloadCodec.decodeKeyedValues(bytes, shortStrings: shortStrings)
                        }
                        if case .failure = result { batch.hasFailure = true }
                        batch.decoded.append(result)
                    }
                    return batch
                }
            }
        }
    }

    // Lets the workers go if `finish` was never reached (a load that threw on the way, or a
    // restore that needed only some batches): what still waits is dropped, what runs finishes.
    deinit { jobs.close() }

    /// Each payload's values, index for index (`nil` where there was no payload), once every
    /// one is decoded; `nil` when one does not decode.
    func finish() -> [KeyedValues?]? {
        var all: [KeyedValues?] = []
        all.reserveCapacity(count)
        for part in jobs.finish() {
            for decoded in part.decoded {
                switch decoded {
                case .success(let values): all.append(values)
                case .failure: return nil
                case nil: all.append(nil)
                }
            }
        }
        return all
    }

    /// The payloads of batch `number` (indices from `number * batch`), decoded here if no worker
    /// has started them, else waited for. Each batch is handed out once; `nil` for one handed
    /// out already or never submitted. ``finish()`` leaves out the batches handed out: for a
    /// caller that takes them this way, releasing this object is what lets the workers go.
    func batch(_ number: Int) -> Batch? {
        jobs.output(of: number)
    }
}
