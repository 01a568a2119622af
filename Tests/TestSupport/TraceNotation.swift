import Foundation

/// Expands a trace written as docs/behaviour.md §1.3 writes it into the lines a
/// `LifecycleTraceRecorder` records: `A.load` is `loadView` then `viewDidLoad`, `A.layout` is
/// `viewWillLayoutSubviews` then `viewDidLayoutSubviews`; every other token stays as written.
/// Optional tokens (`(A.load)`) are written by the test either way.
///
/// ```swift
/// #expect(recorder.lines == traceLines("R.load, R.wA, R.layout, R.dA"))
/// ```
public func traceLines(_ trace: String) -> [String] {
    trace.split(separator: ",").flatMap { raw -> [String] in
        let token = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if token.hasSuffix(".load") {
            let name = token.dropLast(".load".count)
            return ["\(name).loadView", "\(name).viewDidLoad"]
        }
        if token.hasSuffix(".layout") {
            let name = token.dropLast(".layout".count)
            return ["\(name).viewWillLayoutSubviews", "\(name).viewDidLayoutSubviews"]
        }
        return [token]
    }
}
