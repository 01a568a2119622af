import Foundation

/// Expands the contract's notation (`A.load`, `A.layout`) into recorder lines.
func contractLines(_ row: String) -> [String] {
    row.split(separator: ",").flatMap { raw -> [String] in
        let token = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if token.hasSuffix(".load") { return ["\(token.dropLast(5)).loadView", "\(token.dropLast(5)).viewDidLoad"] }
        if token.hasSuffix(".layout") {
            return ["\(token.dropLast(7)).viewWillLayoutSubviews", "\(token.dropLast(7)).viewDidLayoutSubviews"]
        }
        return [token]
    }
}
