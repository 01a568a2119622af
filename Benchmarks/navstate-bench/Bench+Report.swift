import Foundation

extension Bench {
    /// The median of `approach`'s `operation` at `count` controllers, if it ran.
    func median(_ operation: String, _ count: Int, _ approach: String) -> Double? {
        results.first { $0.operation == operation && $0.controllers == count && $0.approach == approach }?.sample.median
    }

    /// The goals with their verdicts, one line each.
    func goals() -> [String] {
        var lines: [String] = []
        func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }
        for count in Set(results.map(\.controllers)).sorted() {
            for operation in ["save", "restore"] {
                if let ratio = paired[operation, count, "limit"], let most = RatioGoals.mostOverLimit(operation, count) {
                    lines.append(String(format: "%@ at %d: %.2fx the limit's time (goal at most %.1fx) %@", operation, count, ratio, most,
                                        verdict(ratio <= most)))
                }
                if let ratio = paired[operation, count, "json"], let goal = RatioGoals.againstJSON(operation, count) {
                    lines.append(String(format: "%@ at %d: %.2fx json's time (goal %@) %@", operation, count, ratio, goal.text,
                                        verdict(goal.isMet(ratio))))
                }
            }
            if let share = measurements["main_actor_share_\(count)"] {
                lines.append(String(format: "main actor's share of a save at %d: %.2f (goal at most 0.33) %@", count, share, verdict(share <= 1.0 / 3)))
            }
            if let share = measurements["autosave_main_actor_of_json_\(count)"] {
                lines.append(String(format: "autosave's main-actor time at %d: %.2f of a whole json save (goal at most 0.10) %@",
                                    count, share, verdict(share <= 0.10)))
            }
            if let bytes = measurements["autosave_push_bytes_\(count)"], let payloads = measurements["autosave_push_payloads_\(count)"] {
                lines.append("autosave after one push at \(count): \(Int(payloads)) new payload(s), \(Int(bytes)) bytes of keyed values written")
            }
            if let incremental = median("incremental-save", count, "navstate"), let json = median("save", count, "json") {
                let payloads = Int(measurements["incremental_payloads_written_\(count)"] ?? -1)
                let bytes = Int(measurements["incremental_bytes_written_\(count)"] ?? -1)
                lines.append(String(format: "incremental save at %d (one value changed, every controller encoded, %d payload of %d bytes written): %.2fx faster than a full json save (goal at least 5x) %@",
                                    count, payloads, bytes, json / incremental, verdict(json / incremental >= 5)))
            }
            if let views = measurements["views_created_showing_restored_\(count)"],
               let visible = measurements["visible_controllers_\(count)"] {
                lines.append("views created showing a restored \(count): \(Int(views)) for \(Int(visible)) visible controllers \(verdict(views <= visible))")
            }
        }
        return lines
    }

    /// The table, the measurements and the goals; with `--json`, one JSON object.
    func report() throws {
        if json {
            let rows = results.map { result -> [String: Any] in
                ["operation": result.operation, "controllers": result.controllers, "approach": result.approach,
                 "median_ms": result.sample.median, "min_ms": result.sample.min, "max_ms": result.sample.max,
                 "runs": result.sample.runs.count]
            }
            let object: [String: Any] = ["results": rows, "measurements": measurements, "notes": notes,
                                         "paired_ratios": paired.values, "goals": goals()]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
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
        print("\nnavstate's time over the limit's and json's (medians of the rounds' ratios), and the goals:")
        print("| operation | controllers | × limit | goal | × json | goal |")
        print("|---|---:|---:|---|---:|---|")
        for count in Set(results.map(\.controllers)).sorted() {
            for operation in ["save", "restore"] {
                let limit = paired[operation, count, "limit"], json = paired[operation, count, "json"]
                guard limit != nil || json != nil else { continue }
                let limitGoal = RatioGoals.mostOverLimit(operation, count).map { String(format: "≤ %.1fx", $0) } ?? ""
                print(String(format: "| %@ | %d | %.2f | %@ | %.2f | %@ |", operation, count, limit ?? .nan, limitGoal,
                             json ?? .nan, RatioGoals.againstJSON(operation, count)?.text ?? ""))
            }
        }
        print("\ngoals (ratios are medians of the rounds' ratios):")
        for line in goals() { print("  \(line)") }
    }
}

/// The goals for navstate's time over the limit's and JSON's, by operation and size.
enum RatioGoals {
    /// At most this many times the limit's time: at 30 and 200 controllers.
    static func mostOverLimit(_ operation: String, _ count: Int) -> Double? {
        switch (operation, count) {
        case ("save", 30), ("save", 200): 1.6
        case ("restore", 30): 2.0
        case ("restore", 200): 1.6
        default: nil
        }
    }

    /// Faster than JSON (a ratio under 1), or no slower (at most 1): at every size but the
    /// eager restore at 30 and 200, which need only be no slower.
    static func againstJSON(_ operation: String, _ count: Int) -> (text: String, isMet: (Double) -> Bool)? {
        guard [30, 200, 1_000, 10_000].contains(count) else { return nil }
        if operation == "restore", count <= 200 { return ("no slower than json", { $0 <= 1 }) }
        return ("faster than json", { $0 < 1 })
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
