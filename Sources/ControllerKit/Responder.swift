// `import ControllerKit` makes Foundation available, as `import UIKit` does.
@_exported import Foundation

/// The headless `UIResponder`: the base class of ``ViewController`` and of an app's delegate, so
/// that `class AppDelegate: Responder, ApplicationDelegate` ports by renaming.
///
/// There are no events to deliver headless; it keeps the responder chain's shape: a
/// controller's ``next`` is its parent, or else its presenter.
@MainActor
open class Responder {
    /// Makes a responder.
    public init() {}

    /// The next responder in the chain; `nil` unless a subclass has one.
    open var next: Responder? { nil }

    /// Called after an object is loaded from an interface file, in UIKit. There are no interface
    /// files here: a controller instantiated from a registered ``Storyboard`` scene gets it; no
    /// other object does.
    open func awakeFromNib() {}

    // MARK: - User activities

    /// The activity this responder describes, as `UIResponder.userActivity`. Responders may share
    /// one: before it is saved, ``UserActivity/prepareForSaving()`` asks each of them to
    /// ``updateUserActivityState(_:)``. The activity keeps its responders weakly.
    open var userActivity: UserActivity? {
        didSet {
            guard oldValue !== userActivity else { return }
            oldValue?.removeManager(self)
            userActivity?.addManager(self)
        }
    }

    /// Adds this responder's state to `activity`, its ``userActivity``, before the activity is
    /// saved: override it and call `activity.addUserInfoEntries(from:)`. Does nothing by default.
    open func updateUserActivityState(_ activity: UserActivity) {}

    /// Restores this responder's state from `activity`; UIKit code calls it on the controllers an
    /// activity concerns. Does nothing by default.
    open func restoreUserActivityState(_ activity: UserActivity) {}
}
