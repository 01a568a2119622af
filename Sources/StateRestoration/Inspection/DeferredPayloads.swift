@_spi(Restoration) import ControllerKit

/// The payloads a load parsed its records without, decoded into keyed values on the other cores
/// while the loading thread checks the snapshot's structure, then on that thread too
/// (``finish()``).
///
/// Decoding payloads is half of parsing a snapshot's records (callgrind), and needs nothing the
/// structural checks find; done before them, it kept the second core idle for the length of the
/// checks. A record's checksum, checked while parsing, covers its payload's bytes, so a payload
/// that does not decode here is one written wrong or edited along with its checksum: the caller
/// then reads the snapshot again decoding as it goes, which reports it where it always has.
final class DeferredPayloads {
    /// Payloads decoded by one job, with one table of short strings.
    private static let batch = 256
    private let jobs: BackgroundJobs<[KeyedValues?]?>

    /// Starts decoding `payloads`; each must stay valid until ``finish()`` returns.
    init(_ payloads: [UnsafeRawBufferPointer?]) {
        jobs = BackgroundJobs(workers: parallelThreadCount - 1, maximumQueued: .max, byteBudget: .max)
        let shared = UncheckedSendable(payloads)
        for start in stride(from: 0, to: payloads.count, by: Self.batch) {
            let range = start..<min(start + Self.batch, payloads.count)
            jobs.submit(bytes: 0) {
                let shortStrings = ShortStrings()
                var decoded: [KeyedValues?] = []
                decoded.reserveCapacity(range.count)
                for index in range {
                    guard let bytes = shared.value[index] else {
                        decoded.append(nil)
                        continue
                    }
                    guard let values = try? PayloadCodec.decodeKeyedValues(bytes, shortStrings: shortStrings) else { return nil }
                    decoded.append(values)
                }
                return decoded
            }
        }
    }

    // Lets the workers go if `finish` was never reached (a load that threw on the way).
    deinit { jobs.close() }

    /// Each payload's values, index for index (`nil` where there was no payload), once every
    /// one is decoded; `nil` when one does not decode.
    func finish() -> [KeyedValues?]? {
        var all: [KeyedValues?] = []
        for part in jobs.finish() {
            guard let part else { return nil }
            all += part
        }
        return all
    }
}
