/// The closest matches to a mistyped word: a subcommand, a restoration path.
enum Suggestions {
    /// Up to `limit` of `candidates` nearest to `word` by edit distance, nearest first, leaving
    /// out those more than half as different as they are long.
    static func closest(to word: String, in candidates: [String], limit: Int = 3) -> [String] {
        let typed = Array(word)
        let scored = candidates.map { candidate in (candidate, editDistance(typed, Array(candidate))) }
        return scored
            .filter { candidate, distance in distance <= max(2, max(typed.count, candidate.count) / 2) }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
            .prefix(limit)
            .map(\.0)
    }

    /// Levenshtein distance: insertions, deletions and substitutions, one row at a time.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1]
            for (j, right) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
