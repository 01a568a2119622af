import Foundation

/// What `viewWillTransition(to:with:)` receives: a way to run work alongside the size change and
/// after it, as `UIViewControllerTransitionCoordinator` offers.
@MainActor
public protocol ViewControllerTransitionCoordinator: AnyObject {
    /// Headless transitions are never animated.
    var isAnimated: Bool { get }
    /// Always zero here.
    var transitionDuration: TimeInterval { get }
    /// Queues `animation` to run once every visible controller was told of the change, and
    /// `completion` after the layout that follows. Returns `true`, as the work will run.
    @discardableResult
    func animate(
        alongsideTransition animation: ((any ViewControllerTransitionCoordinator) -> Void)?,
        completion: ((any ViewControllerTransitionCoordinator) -> Void)?
    ) -> Bool
}

/// The coordinator of a window size change.
@MainActor
final class SizeTransitionCoordinator: ViewControllerTransitionCoordinator {
    private var animations: [(any ViewControllerTransitionCoordinator) -> Void] = []
    private var completions: [(any ViewControllerTransitionCoordinator) -> Void] = []

    var isAnimated: Bool { false }
    var transitionDuration: TimeInterval { 0 }

    @discardableResult
    func animate(
        alongsideTransition animation: ((any ViewControllerTransitionCoordinator) -> Void)?,
        completion: ((any ViewControllerTransitionCoordinator) -> Void)?
    ) -> Bool {
        if let animation { animations.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    func runAnimations() {
        let queued = animations
        animations.removeAll()
        for animation in queued { animation(self) }
    }

    func runCompletions() {
        let queued = completions
        completions.removeAll()
        for completion in queued { completion(self) }
    }
}
