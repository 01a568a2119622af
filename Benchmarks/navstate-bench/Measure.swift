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

/// The process's peak resident memory in KiB, and a reset of that peak (Linux).
enum PeakMemory {
    static func reset() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    static func kilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
    }

    /// The rise of peak memory over `body`, in KiB.
    static func rise(_ body: () throws -> Void) rethrows -> Int {
        reset()
        let before = kilobytes()
        try body()
        return max(0, kilobytes() - before)
    }
}
