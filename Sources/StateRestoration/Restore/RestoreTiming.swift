/// When a restore loads views and decodes (docs/behaviour.md §4.5). Either way each controller
/// decodes right after its `viewDidLoad()`, parents first, and finishes once.
public enum RestoreTiming: Sendable, Hashable {
    /// UIKit's: every restored controller loads its view and decodes during the restore call.
    case eager
    /// Each restored controller loads its view, and so decodes, when first needed: shown, or `view` read.
    case lazy
}
