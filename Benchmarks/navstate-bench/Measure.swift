import Foundation

/// Milliseconds of monotonic time.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
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
}
