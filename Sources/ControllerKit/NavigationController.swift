/// The headless `UINavigationController`: a stack of controllers of which only the top shows.
///
/// Every stack member is a child. Pushes and pops on a navigation controller that is on screen
/// run one transition between the old and the new top (docs/behaviour.md); off screen they only
/// send the containment calls. A navigation controller defines a presentation context.
@MainActor
open class NavigationController: ViewController {
    private var stack: [ViewController] = []

    /// Makes an empty navigation controller (`init()` passes `nil` for both).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        definesPresentationContext = true
    }

    /// Makes a navigation controller whose stack holds `rootViewController`, which receives
    /// `willMove(toParent:)` and `didMove(toParent:)` right away.
    public init(rootViewController: ViewController) {
        super.init(nibName: nil, bundle: nil)
        definesPresentationContext = true
        setViewControllers([rootViewController], animated: false)
    }

    /// The restoration initialiser; the stack is rebuilt by the restoration layer.
    public required init?(coder: Coder) {
        super.init(coder: coder)
        definesPresentationContext = true
    }

    /// The stack, bottom to top. Setting it is `setViewControllers(_:animated: false)`.
    public var viewControllers: [ViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The last controller of the stack.
    public var topViewController: ViewController? { stack.last }

    /// What is presented over the navigation controller, else the top of the stack.
    public var visibleViewController: ViewController? { presentedViewController ?? topViewController }

    /// Pushes `viewController` onto the stack. Refused for a controller already in this stack,
    /// one that lives elsewhere, or a navigation controller.
    open func pushViewController(_ viewController: ViewController, animated: Bool) {
        whenIdle { [self] in
            if stack.contains(where: { $0 === viewController }) {
                report(.alreadyInNavigationStack, "\(viewController) is already in the stack of \(self)")
                return
            }
            if let problem = refusal(of: viewController) ?? validateJoining(viewController, as: "be pushed onto \(self)") {
                application.report(problem)
                return
            }
            changeStack(to: stack + [viewController], animated: animated)
        }
    }

    /// Pops the top controller and returns it; popping the root does nothing and returns `nil`.
    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        guard stack.count > 1 else {
            report(.cannotPopRootViewController, "\(self) cannot pop its root view controller")
            return nil
        }
        let popped = stack.last
        whenIdle { [self] in
            guard stack.count > 1 else { return }
            changeStack(to: Array(stack.dropLast()), animated: animated)
        }
        return popped
    }

    /// Pops everything above the root and returns what was popped (empty at the root).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Pops everything above `viewController`, which must be in the stack, and returns it.
    @discardableResult
    open func popToViewController(_ viewController: ViewController, animated: Bool) -> [ViewController]? {
        guard let index = stack.firstIndex(where: { $0 === viewController }) else {
            report(.invalidSelection, "\(viewController) is not in the stack of \(self)")
            return nil
        }
        let popped = Array(stack[(index + 1)...])
        whenIdle { [self] in
            guard let current = stack.firstIndex(where: { $0 === viewController }) else { return }
            changeStack(to: Array(stack[...current]), animated: animated)
        }
        return popped
    }

    /// Replaces the stack with one transition between the old and the new top; buried
    /// controllers get no appearance calls, removed ones get `willMove(nil)`/`didMove(nil)`.
    open func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
        whenIdle { [self] in
            // A loop, not `lazy.compactMap(refusal(of:))`: the method reference is isolated to the
            // main actor, and calling it from `compactMap` checked the executor for every member.
            var refused: Diagnostic?
            for candidate in viewControllers {
                refused = refusal(of: candidate)
                if refused != nil { break }
            }
            if let problem = refused ?? validateMembers(viewControllers, current: stack) {
                application.report(problem)
                return
            }
            changeStack(to: viewControllers, animated: animated)
        }
    }

    private func refusal(of candidate: ViewController) -> Diagnostic? {
        guard candidate is NavigationController else { return nil }
        return Diagnostic(kind: .unsupportedOperation, message: "pushing a navigation controller (\(candidate)) onto \(self) is not supported")
    }

    private func changeStack(to newStack: [ViewController], animated: Bool) {
        let oldTop = stack.last
        let newTop = newStack.last
        let transition = AppearanceTransition(leaving: oldTop === newTop ? nil : oldTop,
                                              arriving: oldTop === newTop ? nil : newTop,
                                              order: .leavingFirst, animated: animated)
        replaceMembers(stack, with: newStack, transition: transition, loadArrivingFirst: true)
    }

    // MARK: - Container hooks

    override func commitMembers(_ members: [ViewController]) { stack = members }

    override var childrenTakingPartInAppearance: [ViewController] {
        stack.last.map { [$0] } ?? []
    }

    override var placesChildViews: Bool { true }

    override var expectedChildren: [ViewController]? { stack }

    override var refusesExternalChildren: Bool { true }

    override func relation(ofChild child: ViewController, at index: Int) -> ControllerRelation {
        let position = ControllerKit.index(of: child, in: stack, near: index) ?? index
        return .navigationStack(index: position, isTop: child === stack.last)
    }
}
