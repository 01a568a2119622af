/// Whether two class names are the same name, lengths first: unequal names mostly differ in
/// length, which a string knows without comparing (callgrind: 60 instructions a mismatched
/// comparison). For the restore's lists of the few names just seen.
@inline(__always)
func sameName(_ name: String, _ other: String) -> Bool {
    name.utf8.count == other.utf8.count && name == other
}
