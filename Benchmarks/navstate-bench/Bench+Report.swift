import Foundation

extension Bench {
    /// The median of `approach`'s `operation` at `count` controllers, if it ran.
    func median(_ operation: String, _ count: Int, _ approach: String) -> Double? {
        results.first { $0.operation == operation && $0.controllers == count && $0.approach == approach }?.sample.median
    }

    /// The table, the measurements and the goal lines; with `--json`, one JSON object.
    func report() throws {
        if json {
            let rows = results.map { result -> [String: Any] in
                ["operation": result.operation, "controllers": result.controllers, "approach": result.approach,
                 "median_ms": result.sample.median, "min_ms": result.sample.min, "max_ms": result.sample.max,
                 "runs": result.sample.runs.count]
            }
            let data = try JSONSerialization.data(withJSONObject: ["results": rows, "measurements": measurements, "notes": notes,
                                                                   "paired_ratios": paired.values],
                                                  options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print("| operation | controllers | approach | median ms | min ms | max ms | runs | × navstate |")
        print("|---|---:|---|---:|---:|---:|---:|---:|")
        for result in results {
            let base = median(result.operation, result.controllers, "navstate") ?? .nan
            print(String(format: "| %@ | %d | %@ | %.2f | %.2f | %.2f | %d | %.2f |", result.operation, result.controllers,
                         result.approach, result.sample.median, result.sample.min, result.sample.max,
                         result.sample.runs.count, result.sample.median / base))
        }
        for note in notes { print("\n\(note)") }
        print("")
        for (key, value) in measurements.sorted(by: { $0.key < $1.key }) {
            if let share = value as? Double { print("\(key): \(String(format: "%.2f", share))") } else { print("\(key): \(value)") }
        }
        print("")
        print("goals (ratios are medians of the rounds' ratios; ratios of the medians above in parentheses):")
        for count in Set(results.map(\.controllers)).sorted() where count >= 900 {
            for operation in ["save", "restore"] {
                guard let ours = median(operation, count, "navstate") else { continue }
                if let json = median(operation, count, "json"), let ratio = paired[operation, count, "json"] {
                    print(String(format: "  %@ at %d: %.1fx faster than json (%.1fx) (goal 3x) %@", operation, count, 1 / ratio,
                                 json / ours, 1 / ratio >= 3 ? "met" : "MISSED"))
                }
                if let floor = median(operation, count, "sqlite-floor"), let ratio = paired[operation, count, "sqlite-floor"] {
                    print(String(format: "  %@ at %d: %.2fx the sqlite floor (%.2fx) (goal at most 1.5x) %@", operation, count, ratio,
                                 ours / floor, ratio <= 1.5 ? "met" : "MISSED"))
                }
            }
            if let incremental = median("incremental-save", count, "navstate"), let json = median("save", count, "json") {
                // The goal is for one controller in 10,000; smaller sizes are for information.
                let verdict = count < 9_000 ? "(information: the goal is at 10,000)" : json / incremental >= 50 ? "met" : "MISSED"
                print(String(format: "  incremental-save at %d: %.1fx faster than a full json save (goal 50x) %@", count, json / incremental, verdict))
            }
            if let share = measurements["main_actor_share_\(count)"] as? Double {
                print(String(format: "  main actor share of a save at %d: %.2f (goal at most 0.33) %@", count, share, share <= 1.0 / 3 ? "met" : "MISSED"))
            }
            if let capture = measurements["capture_per_json_save_\(count)"] as? Double,
               let write = measurements["write_per_json_save_\(count)"] as? Double {
                print(String(format: "  (bounds at %d, as shares of a json save: 3x with the main actor at most a third needs the capture within 0.11, it takes %.2f; 3x however the capture overlapped the write needs the write within 0.33, it takes %.2f)", count, capture, write))
            }
            if let build = measurements["floor_build_per_json_restore_\(count)"] as? Double,
               let read = measurements["floor_read_per_json_restore_\(count)"] as? Double {
                print(String(format: "  (bound at %d, as shares of a json restore: 3x needs a restore within 0.33; building the controllers from values already decoded, the floor's last step, takes %.2f, leaving %.2f to read and decode the rows, which the floor does in %.2f on one core)", count, build, 1.0 / 3 - build, read))
            }
            if let save = measurements["packed_save_per_json_save_\(count)"] as? Double,
               let restore = measurements["packed_restore_per_json_restore_\(count)"] as? Double {
                print(String(format: "  (sqlite-packed at %d, 256 controllers to a row: saves %.1fx and restores %.1fx faster than json, on one core)", count, 1 / save, 1 / restore))
            }
            if let save = measurements["inline_save_per_json_save_\(count)"] as? Double,
               let restore = measurements["inline_restore_per_json_restore_\(count)"] as? Double,
               let saveToFloor = measurements["inline_save_per_floor_save_\(count)"] as? Double,
               let restoreToFloor = measurements["inline_restore_per_floor_restore_\(count)"] as? Double {
                print(String(format: "  (sqlite-inline at %d, each state in its node row: saves %.1fx and restores %.1fx faster than json, in %.2f and %.2f of the floor's times)", count, 1 / save, 1 / restore, saveToFloor, restoreToFloor))
            }
            if let views = measurements["views_created_showing_restored_\(count)"] as? Int,
               let visible = measurements["visible_controllers_\(count)"] as? Int {
                print("  views created restoring \(count) and showing: \(views) for \(visible) visible controllers \(views <= visible ? "met" : "MISSED")")
            }
        }
    }
}

/// Paired ratios by operation, size and approach.
struct PairedRatios {
    /// Keyed "operation size approach", for `--json`.
    private(set) var values: [String: Double] = [:]
    subscript(operation: String, count: Int, approach: String) -> Double? {
        get { values["\(operation) \(count) \(approach)"] }
        set { values["\(operation) \(count) \(approach)"] = newValue }
    }
}
