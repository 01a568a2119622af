/// A misuse the runtime refused, reported the way UIKit logs its console warnings.
///
/// UIKit's signatures do not throw, so neither do ours: a refused request changes nothing and
/// leaves one of these in ``Application/diagnostics`` (and with every diagnostic observer). The
/// message names the controllers involved by their pointer-free descriptions.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; stable, so tools and tests can match on it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Pushing, or setting into a stack, a controller already in that navigation stack.
        case alreadyInNavigationStack
        /// Popping when only the root is left.
        case cannotPopRootViewController
        /// Presenting from a presenter that already presents something.
        case alreadyPresenting
        /// Presenting, pushing or adding a controller that is already presented, a child of another
        /// controller, or a window's root.
        case controllerAlreadyActive
        /// Presenting from a controller that is not attached to any window.
        case notInWindow
        /// `transition(from:to:)` with a controller that is not a child of the receiver.
        case notAChild
        /// `dismiss` on a controller that neither presents nor is presented.
        case nothingToDismiss
        /// A tab or stack index out of range, or a controller that is not one of the container's.
        case invalidSelection
        /// An operation UIKit does not support, such as pushing a navigation controller or calling
        /// `addChild` on a built-in container.
        case unsupportedOperation
        /// Adding a controller (or view) beneath itself.
        case wouldCreateCycle
        /// `loadView()` returned without assigning `view`; an empty view was installed instead.
        case loadViewDidNotSetView
        /// `view` was read from inside `loadView()` before it was assigned.
        case viewReadDuringLoadView
        /// A view that already belongs to another controller was assigned to `view`.
        case viewOwnedByAnotherController
        /// The same controller appears twice in one array handed to a container.
        case duplicateController
        /// `addChild` with a controller that is already a child of the receiver.
        case alreadyAChild
        /// A lazily restored controller's `decodeRestorableState(with:)`, run after the restore
        /// returned, recorded a coder error; the controller keeps what it could decode.
        case restorationDecodeFailed
        /// A container's `decodeRestorableState(with:)`, run after a lazy restore returned, made its
        /// own child for a path the restore had attached a child at; the container's is used.
        case restorationChildReplaced
        /// The end of a restore the app had extended (`completeStateRestoration()`) could not be
        /// written to the store (another process held its write lock, say): its crash mark stays
        /// until the launch counts as good.
        case restorationNotRecorded
        /// An application call out of order: a second launch, `completeStateRestoration()`
        /// without a matching `extendStateRestoration()`, or a scene event for a scene the
        /// application has not connected.
        case outOfOrder
        /// `Storyboard(name:bundle:)` or an instantiation with a storyboard name or scene identifier
        /// that is not registered (UIKit raises); an empty controller, or `nil`, stands for it.
        case storyboardNotFound
        /// A scene's state restoration activity held a `userInfo` value that is not a
        /// property-list value: its session keeps no activity.
        case userActivityNotSaved
    }

    /// The category, for matching.
    public let kind: Kind
    /// A sentence naming the controllers involved.
    public let message: String

    /// Makes a diagnostic; the runtime reports these, tools may build their own for display.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "[\(kind.rawValue)] \(message)" }
}
