import Foundation

/// What `body` returned and the milliseconds of monotonic time it took.
func measured<Value>(_ body: () throws -> Value) rethrows -> (value: Value, milliseconds: Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
}

/// Milliseconds of monotonic time.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    try measured(body).milliseconds
}

/// Repeated timings of one operation.
struct Sample {
    var runs: [Double] = []
    var median: Double {
        let sorted = runs.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    var min: Double { runs.min() ?? .nan }
    var max: Double { runs.max() ?? .nan }

    /// The median of run-by-run ratios `self / other`, pairing the runs of one round: on a
    /// machine whose speed drifts, two runs made back to back share its state, where two medians
    /// of separate runs need not.
    func pairedRatio(to other: Sample) -> Double {
        Sample(runs: zip(runs, other.runs).map { $0 / $1 }).median
    }
}
