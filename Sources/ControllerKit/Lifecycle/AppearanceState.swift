/// Where a controller stands in the appearance state machine of docs/behaviour.md.
///
/// `viewWillAppear` enters ``appearing``, `viewDidAppear` ``appeared``, `viewWillDisappear`
/// ``disappearing`` and `viewDidDisappear` ``disappeared``. The runtime never sends a callback whose
/// target state the controller is already in, so the callbacks are always balanced.
public enum AppearanceState: String, Sendable, Hashable, CaseIterable {
    /// Not on screen; the initial state.
    case disappeared
    /// Between `viewWillAppear` and `viewDidAppear`.
    case appearing
    /// On screen.
    case appeared
    /// Between `viewWillDisappear` and `viewDidDisappear`.
    case disappearing

    /// `true` for ``appearing`` and ``appeared``: the states a `viewWillDisappear` may leave.
    var isOnScreenOrComing: Bool { self == .appearing || self == .appeared }
}
