/// Identity equality, as `NSObject` gives `UIViewController`: code that compares controllers
/// with `==` or calls `firstIndex(of:)` ports unchanged.
extension ViewController: Hashable {
    nonisolated public static func == (lhs: ViewController, rhs: ViewController) -> Bool {
        lhs === rhs
    }

    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
