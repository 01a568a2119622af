/// Parent and child controllers (docs/behaviour.md).
extension ViewController {
    /// The controller that contains this one; weak. Never the presenter.
    public var parent: ViewController? { parentLink }

    /// The contained controllers, in order. Never includes presented controllers.
    public var children: [ViewController] { childList }

    /// The nearest ancestor that is a ``NavigationController``.
    public var navigationController: NavigationController? { nearestAncestor(of: NavigationController.self) }

    /// The nearest ancestor that is a ``TabBarController``.
    public var tabBarController: TabBarController? { nearestAncestor(of: TabBarController.self) }

    /// The nearest ancestor that is a ``SplitViewController``.
    public var splitViewController: SplitViewController? { nearestAncestor(of: SplitViewController.self) }

    private func nearestAncestor<Container: ViewController>(of type: Container.Type) -> Container? {
        parentLink?.firstInParentChain { $0 as? Container }
    }

    // MARK: - Adding and removing

    /// The public `addChild`: validates, then links and calls `willMove(toParent:)`.
    func attachChild(_ child: ViewController) {
        if refusesExternalChildren {
            report(.unsupportedOperation, "\(self) manages its own children; addChild(\(child)) was ignored")
            return
        }
        if child.parentLink === self {
            report(.alreadyAChild, "\(child) is already a child of \(self)")
            return
        }
        if let problem = validateJoining(child, as: "become a child of \(self)") {
            application.report(problem)
            return
        }
        linkChild(child)
    }

    /// Links `child` at the end of `children` after its `willMove(toParent: self)`.
    func linkChild(_ child: ViewController, at index: Int? = nil) {
        child.isMovingToParent = true
        child.willMove(toParent: self)
        let position = min(index ?? childList.count, childList.count)
        childList.insert(child, at: position)
        child.parentLink = self
    }

    /// The public `removeFromParent`.
    func detachFromParent() {
        guard let parent = parentLink else { return }
        if parent.refusesExternalChildren {
            report(.unsupportedOperation, "\(self) belongs to \(parent), which removes its own children; removeFromParent() was ignored")
            return
        }
        unlinkFromParent()
    }

    /// Unlinks from the parent and calls `didMove(toParent: nil)`.
    func unlinkFromParent() {
        guard let parent = parentLink else { return }
        parent.childList.removeAll { $0 === self }
        parentLink = nil
        didMove(toParent: nil)
    }

    /// Why `candidate` cannot join this controller's hierarchy, or `nil` when it can. The
    /// message is built only when there is a refusal: descriptions are not free.
    func validateJoining(_ candidate: ViewController, as action: @autoclosure () -> String) -> Diagnostic? {
        if candidate === self || isInside(candidate) {
            return Diagnostic(kind: .wouldCreateCycle, message: "\(candidate) cannot \(action()): it contains \(self)")
        }
        return candidate.activityConflict(joining: action())
    }

    /// Why this controller cannot take a new place (it already has one), or `nil`.
    func activityConflict(joining action: @autoclosure () -> String) -> Diagnostic? {
        let place: String
        if let parent = parentLink {
            place = "a child of \(parent)"
        } else if let presenter = presentingLink {
            place = "presented by \(presenter)"
        } else if windowLink != nil {
            place = "the root of a window"
        } else {
            return nil
        }
        return Diagnostic(kind: .controllerAlreadyActive, message: "\(self) cannot \(action()): it is already \(place)")
    }

    // MARK: - Transition between children

    /// Swaps the view of child `fromViewController` for that of child `toViewController` in the
    /// same superview, with `fromViewController.wD, to.wA, animations, to.layout, from.dD, to.dA`,
    /// then `completion(true)`. Both must be children of the receiver.
    public func transition(
        from fromViewController: ViewController,
        to toViewController: ViewController,
        duration: Double,
        options: View.AnimationOptions = [],
        animations: (() -> Void)?,
        completion: ((Bool) -> Void)? = nil
    ) {
        whenIdle { [self] in
            guard fromViewController.parentLink === self, toViewController.parentLink === self,
                  fromViewController !== toViewController else {
                report(.notAChild, "transition(from: \(fromViewController), to: \(toViewController)) needs two different children of \(self)")
                return
            }
            let onScreen = appearance == .appeared && shouldAutomaticallyForwardAppearanceMethods
                && fromViewController.appearance == .appeared
            guard onScreen, let window = hostWindow else {
                swapViewsOffScreen(from: fromViewController, to: toViewController)
                animations?()
                completion?(true)
                return
            }
            toViewController.detachedHost = fromViewController.viewIfLoaded?.superview
            window.performTransition {
                AppearanceTransition(leaving: fromViewController, arriving: toViewController,
                                     order: .leavingFirst, animated: duration > 0, animations: animations).run()
                // Swapped out for good: it no longer belongs where it was.
                fromViewController.detachedHost = nil
                completion?(true)
            }
        }
    }

    /// Off screen the swap still happens, as UIKit's does: `to` loads because the operation puts
    /// its view in place, not as a side effect of looking.
    private func swapViewsOffScreen(from: ViewController, to: ViewController) {
        guard let fromView = from.viewIfLoaded, let host = fromView.superview else { return }
        let index = host.subviews.firstIndex { $0 === fromView }
        fromView.detachSilently()
        to.loadViewIfNeeded()
        guard let toView = to.viewIfLoaded else { return }
        host.attachSilently(toView, at: index)
    }

    /// Runs `request` now, or after the running transition of this controller's window.
    func whenIdle(_ request: @escaping () -> Void) {
        if let window = hostWindow {
            window.performWhenIdle(request)
        } else {
            request()
        }
    }
}

extension View {
    /// Options of `transition(from:to:duration:options:animations:completion:)`; accepted for
    /// source compatibility, headless transitions ignore them.
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        /// The options as bits.
        public let rawValue: UInt
        /// The options of `rawValue`'s bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A cross-dissolve; accepted and ignored, as every option.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 1 << 0)
        /// A flip from the left; accepted and ignored.
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 1)
        /// An ease-in-ease-out curve; accepted and ignored.
        public static let curveEaseInOut = AnimationOptions(rawValue: 1 << 2)
    }
}
