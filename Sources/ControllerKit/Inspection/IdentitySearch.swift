/// Where `controller` itself (not an equal one) sits in `list`, looking at `hint` first and then
/// outward from it.
///
/// A controller asked for its relation is usually where it was the last time, or one place off
/// after an insertion or removal before it: the search is then constant time, where a scan from
/// the start made describing every member of a long stack quadratic (10,000 controllers: over a
/// second). A plain loop, not `firstIndex(where:)`: a closure formed on the main actor checks the
/// executor at each call.
@MainActor
func index(of controller: ViewController, in list: [ViewController], near hint: Int) -> Int? {
    guard !list.isEmpty else { return nil }
    let start = min(max(hint, 0), list.count - 1)
    var offset = 0
    while start - offset >= 0 || start + offset < list.count {
        if start + offset < list.count, list[start + offset] === controller { return start + offset }
        if offset > 0, start - offset >= 0, list[start - offset] === controller { return start - offset }
        offset += 1
    }
    return nil
}
