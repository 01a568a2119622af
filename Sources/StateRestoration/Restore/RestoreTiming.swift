/// When a restore loads views and decodes (`docs/behaviour.md`, "Restoring"). Either way each
/// controller decodes right after its `viewDidLoad()`, parents before children, and every decode
/// and `applicationFinishedRestoringState()` runs once.
public enum RestoreTiming: Sendable, Hashable {
    /// UIKit's: during the restore call every restored controller is made, loads its view and
    /// decodes, and then each gets `applicationFinishedRestoringState()`.
    case eager
    /// The restore call makes the controllers and rebuilds their relations; each loads its view
    /// when first needed (shown, or `view` read), decodes right after its `viewDidLoad()` and
    /// then gets `applicationFinishedRestoringState()`. Hidden stack members, unselected tabs and
    /// covered presenters stay unloaded and undecoded until reached.
    case lazy
}
