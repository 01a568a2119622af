/// When a restore loads views and decodes; each decode follows its `viewDidLoad()`, parents first (docs/behaviour.md §4.5).
public enum RestoreTiming: Sendable, Hashable {
    /// UIKit's: every restored controller loads its view and decodes during the restore call.
    case eager
    /// Each restored controller loads its view, and so decodes, when first needed: shown, or `view` read.
    case lazy
}
