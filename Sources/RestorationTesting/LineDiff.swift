/// A readable line diff, as snapshot-testing libraries print on failure: unchanged context,
/// `-` for expected lines that are missing, `+` for lines that appeared.
public enum LineDiff {
    /// The diff of `expected` against `actual`, or `nil` when they are equal. Long runs of equal
    /// lines are folded to `context` lines around each change.
    public static func unified(expected: [String], actual: [String], expectedLabel: String = "expected",
                               actualLabel: String = "actual", context: Int = 2) -> String? {
        guard expected != actual else { return nil }
        let operations = diff(expected, actual)
        var lines = ["--- \(expectedLabel)", "+++ \(actualLabel)"]
        let changed = operations.indices.filter { operations[$0].kind != .same }
        var shown = Set<Int>()
        for index in changed {
            for near in max(0, index - context)...min(operations.count - 1, index + context) { shown.insert(near) }
        }
        var previous: Int?
        for index in shown.sorted() {
            if let previous, index > previous + 1 { lines.append("  …") }
            let operation = operations[index]
            switch operation.kind {
            case .same: lines.append("  " + operation.line)
            case .removed: lines.append("- " + operation.line)
            case .added: lines.append("+ " + operation.line)
            }
            previous = index
        }
        return lines.joined(separator: "\n")
    }

    struct Operation {
        enum Kind { case same, removed, added }
        let kind: Kind
        let line: String
    }

    /// Longest-common-subsequence diff; inputs here are hierarchy dumps and traces, small enough
    /// for the quadratic table.
    static func diff(_ old: [String], _ new: [String]) -> [Operation] {
        let rows = old.count
        let columns = new.count
        var table = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                table[row][column] = old[row] == new[column]
                    ? table[row + 1][column + 1] + 1
                    : max(table[row + 1][column], table[row][column + 1])
            }
        }
        var operations: [Operation] = []
        var row = 0
        var column = 0
        while row < rows || column < columns {
            if row < rows, column < columns, old[row] == new[column] {
                operations.append(Operation(kind: .same, line: old[row]))
                row += 1
                column += 1
            } else if row < rows, column == columns || table[row + 1][column] >= table[row][column + 1] {
                // Removals before additions on a tie, as diff tools print them.
                operations.append(Operation(kind: .removed, line: old[row]))
                row += 1
            } else {
                operations.append(Operation(kind: .added, line: new[column]))
                column += 1
            }
        }
        return operations
    }
}
