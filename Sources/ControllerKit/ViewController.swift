import Foundation

/// The headless counterpart of `UIViewController`: a lazily loaded view, the appearance and layout
/// callbacks, containment, presentation, memory warnings and the state-restoration hooks.
///
/// Subclass it as you would `UIViewController`. The runtime invokes every callback itself, in the
/// orders of docs/behaviour.md; the base implementations forward nothing, so an override that calls
/// `super` first still sees the parent-first order. Overrides of `willMove(toParent:)`,
/// `didMove(toParent:)` and `didReceiveMemoryWarning()` must call `super`, as in UIKit.
///
/// Misuse (pushing a controller twice, presenting from a presenter that already presents, …)
/// changes nothing and is reported through ``Application/diagnostics``; nothing here traps.
///
/// Only members declared in this class body can be overridden; the runtime behind them lives in
/// the `ViewController+…` files, one topic each.
@MainActor
open class ViewController: Responder, @MainActor CustomStringConvertible {

    // MARK: - Storage (internal; the runtime keeps it consistent)

    var storedView: View?
    var isRunningLoadView = false
    var appearance: AppearanceState = .disappeared
    var childList: [ViewController] = []
    /// Where this controller was last found in its parent's children: the first place
    /// ``relation`` looks (see `index(of:in:near:)`). Only a hint; never trusted unchecked.
    var childIndexHint = 0
    weak var parentLink: ViewController?
    var presentedLink: ViewController?
    weak var presentingLink: ViewController?
    /// The style the current presentation was made with (the presented side's record).
    var presentationStyleInEffect: ModalPresentationStyle = .fullScreen
    /// Set while this controller is some window's `rootViewController`.
    weak var windowLink: Window?
    /// Where the runtime took this controller's view from when a presentation covered it, so that
    /// dismissal can put it back (needed for custom containers, whose children's views the runtime
    /// does not otherwise place).
    weak var detachedHost: View?
    /// The last membership check that saw this controller (`validateMembers`): a mark in place
    /// of a set of identities, which hashed every member of every stack a restore fills.
    var membershipMark: UInt64 = 0
    /// What a lazy restore still has to do once this controller's view loads: decode it. Run
    /// once, right after `viewDidLoad()`.
    @_spi(Restoration)
    public var pendingRestoration: PendingRestoration?
    /// The `animated` flag of the last `beginAppearanceTransition`, for its `end…`.
    var manualTransitionIsAnimated = false

    // MARK: - Identity

    /// A short title, shown in descriptions and, in UIKit, in bars.
    open var title: String?

    /// The identifier that makes this controller take part in state restoration
    /// (docs/behaviour.md). Controllers without one are left out of a save with their subtree.
    open var restorationIdentifier: String?

    /// A factory that re-creates this controller at restore time in place of the registry; it may
    /// refuse by returning `nil`, which leaves out the controller's subtree.
    open var restorationClass: (any ViewControllerRestoration.Type)?

    /// The storyboard this controller was instantiated from, as UIKit's `storyboard`; `nil` for
    /// one made in code. A save records its name, and a restore re-makes the controller from it
    /// (``Storyboard``).
    public internal(set) var storyboard: Storyboard?
    /// The storyboard ID of the scene this controller was instantiated from, for its segues.
    var storyboardSceneIdentifier: String?

    /// Called by `performSegue(withIdentifier:sender:)` before the segue is performed, to
    /// configure `segue.destination`, as UIKit's. The base implementation does nothing.
    open func prepare(for segue: StoryboardSegue, sender: Any?) {}

    /// Asked before a storyboard-triggered segue, in UIKit; no control triggers segues here, and
    /// `performSegue(withIdentifier:sender:)` does not ask, as in UIKit. Returns `true`.
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    // MARK: - Presentation settings

    /// The style `present(_:animated:completion:)` uses when this controller is presented.
    /// Defaults to ``ModalPresentationStyle/fullScreen`` (see the README's behaviour notes).
    open var modalPresentationStyle: ModalPresentationStyle = .fullScreen

    /// The animation UIKit would present this controller with. Stored only: headless
    /// presentations are not animated, and the style changes neither the presenter nor the
    /// lifecycle (``ModalTransitionStyle``). Defaults to ``ModalTransitionStyle/coverVertical``,
    /// as in UIKit.
    open var modalTransitionStyle: ModalTransitionStyle = .coverVertical

    /// Supplies custom presentation transitions in UIKit; kept for code that sets it (headless
    /// transitions are not animated).
    open weak var transitioningDelegate: (any ViewControllerTransitioningDelegate)?

    // MARK: - Bars

    /// What this controller shows in a navigation bar, made on first use.
    open lazy var navigationItem = NavigationItem()

    /// What this controller shows in a tab bar, made on first use with its ``title``.
    open lazy var tabBarItem = TabBarItem(title: title)

    /// Whether a tab bar would hide while this controller is on a navigation stack.
    open var hidesBottomBarWhenPushed = false

    /// Whether context presentation styles from this controller or its descendants stop here.
    /// Navigation controllers set it to `true`.
    open var definesPresentationContext = false

    /// When `false`, the runtime forwards no appearance callbacks to this controller's children:
    /// the container drives them with `beginAppearanceTransition(_:animated:)` and
    /// `endAppearanceTransition()`.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    // MARK: - Transition flags

    /// `true` from `willMove(toParent:)` to `didMove(toParent:)` while joining a parent.
    public internal(set) var isMovingToParent = false
    /// `true` from `willMove(toParent: nil)` to `didMove(toParent: nil)` while leaving a parent.
    public internal(set) var isMovingFromParent = false
    /// `true` during the appearance callbacks of this controller's presentation.
    public internal(set) var isBeingPresented = false
    /// `true` during the appearance callbacks of this controller's dismissal.
    public internal(set) var isBeingDismissed = false

    // MARK: - Initialisers

    /// Makes a controller with no view loaded, as `UIViewController(nibName:bundle:)` does.
    /// There are no nibs: both values are only kept, for code that reads them back.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    /// Makes a controller with no view loaded: `init(nibName: nil, bundle: nil)`.
    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// The restoration initialiser, called by the state-restoration registry. Returning `nil`
    /// refuses, which leaves out this controller's subtree. The base implementation reads nothing
    /// and succeeds; `decodeRestorableState(with:)` runs later with the same coder.
    public required init?(coder: Coder) {
        nibName = nil
        nibBundle = nil
        super.init()
    }

    /// The nib name given at initialisation; nothing loads from it.
    public let nibName: String?
    /// The bundle given at initialisation.
    public let nibBundle: Bundle?

    // MARK: - The view

    /// The controller's view, loaded on first read: `loadView()` then `viewDidLoad()`.
    ///
    /// Assigning installs a view without calling `viewDidLoad()`; assigning `nil` unloads it, and
    /// the next read loads again. The runtime itself only ever reads ``viewIfLoaded``.
    public var view: View! {
        get { loadedView() }
        set { replaceView(with: newValue) }
    }

    /// Creates the view. The default makes an empty ``View``; an override assigns `view` itself
    /// and does not call `super`.
    open func loadView() {
        view = View()
    }

    /// Called once per load, after `loadView()`.
    open func viewDidLoad() {}

    // MARK: - Appearance callbacks (invoked by the runtime; the base forwards nothing)

    /// The view is about to appear.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view appeared.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to disappear.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view disappeared.
    open func viewDidDisappear(_ animated: Bool) {}

    // MARK: - Layout callbacks

    /// The view is about to lay out its subviews.
    open func viewWillLayoutSubviews() {}
    /// The view laid out its subviews.
    open func viewDidLayoutSubviews() {}
    /// The window is changing size; layout follows once every visible controller was told.
    open func viewWillTransition(to size: CGSize, with coordinator: any ViewControllerTransitionCoordinator) {}

    // MARK: - Containment

    /// Adds `childController` as a child: calls its `willMove(toParent: self)`. The container adds
    /// the child's view and then calls `didMove(toParent: self)` itself, as in UIKit.
    open func addChild(_ childController: ViewController) {
        attachChild(childController)
    }

    /// Removes this controller from its parent and calls `didMove(toParent: nil)`. The container
    /// calls `willMove(toParent: nil)` first, as in UIKit.
    open func removeFromParent() {
        detachFromParent()
    }

    /// Called before joining (`parent` non-nil) or leaving (`nil`) a parent. Overrides call `super`.
    open func willMove(toParent parent: ViewController?) {
        recordContainment(.willMoveToParent(parent))
    }

    /// Called after joining (`parent` non-nil) or leaving (`nil`) a parent. Overrides call `super`.
    open func didMove(toParent parent: ViewController?) {
        recordContainment(.didMoveToParent(parent))
    }

    // MARK: - Presentation

    /// Presents `viewControllerToPresent` modally with its ``modalPresentationStyle``, from the
    /// presenter that style selects (docs/behaviour.md), then calls `completion`.
    open func present(_ viewControllerToPresent: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        performPresent(viewControllerToPresent, animated: animated, completion: completion)
    }

    /// Dismisses what this controller presents (and everything above it); on a controller that
    /// presents nothing, asks its presenter to dismiss it. Then calls `completion`.
    open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        performDismiss(animated: animated, completion: completion)
    }

    // MARK: - Memory

    /// Sent by ``Application/didReceiveMemoryWarning()`` to every live controller. Under the
    /// unload policy the base implementation unloads a view that is not in a window. Overrides
    /// call `super`.
    open func didReceiveMemoryWarning() {
        unloadViewIfHidden()
    }

    /// The view is about to be released by a memory warning.
    open func viewWillUnload() {}
    /// The view was released by a memory warning; it reloads on next use.
    open func viewDidUnload() {}

    // MARK: - Showing

    /// Shows `viewController` as UIKit's default does: pushed onto the nearest navigation
    /// controller, else presented from this controller.
    open func show(_ viewController: ViewController, sender: Any?) {
        if let navigation = self as? NavigationController ?? navigationController {
            navigation.pushViewController(viewController, animated: true)
        } else {
            present(viewController, animated: true)
        }
    }

    /// Shows `viewController` as the detail: the nearest split view controller's secondary
    /// column, else as ``show(_:sender:)`` does.
    open func showDetailViewController(_ viewController: ViewController, sender: Any?) {
        if let split = self as? SplitViewController ?? splitViewController {
            split.setViewController(viewController, for: .secondary)
        } else {
            show(viewController, sender: sender)
        }
    }

    // MARK: - Responder chain

    /// The parent, or else the presenter: the responder chain without views.
    open override var next: Responder? { parent ?? presentingViewController }

    // MARK: - State restoration hooks

    /// Writes this controller's state. Containers' children are saved automatically; the base
    /// implementation writes nothing.
    open func encodeRestorableState(with coder: Coder) {}

    /// Reads back what `encodeRestorableState(with:)` wrote. Runs after this controller's
    /// `viewDidLoad()`, parent before children, as in UIKit. The base implementation reads
    /// nothing.
    open func decodeRestorableState(with coder: Coder) {}

    /// Called on every restored controller once the whole hierarchy is decoded.
    open func applicationFinishedRestoringState() {}

    /// Called right after a restore made this controller with `init?(coder:)`, with the same
    /// coder, as `NSObject.awakeAfter(using:)`: return the controller to use in its place, or
    /// `self` (the default). A result that is not a ``ViewController`` keeps this one.
    open func awakeAfter(using coder: Coder) -> Any? { self }

    /// Writes this controller into `coder`, as `NSCoding`'s `encode(with:)`: what a custom
    /// container calls to keep a child's state in an archive of its own. Writes what
    /// ``encodeRestorableState(with:)`` writes.
    open func encode(with coder: Coder) {
        encodeRestorableState(with: coder)
    }

    // MARK: - Container hooks (internal; the built-in containers override them)

    /// The children that appear and disappear with this controller. For a custom container:
    /// the children whose views are inside this controller's view, in `children` order.
    var childrenTakingPartInAppearance: [ViewController] { childrenWhoseViewsAreInside() }

    /// Whether the runtime places children's views itself (built-in containers) rather than the
    /// container's own code (custom containers).
    var placesChildViews: Bool { false }

    /// How `child` relates to this controller, for descriptions and saving.
    func relation(ofChild child: ViewController, at index: Int) -> ControllerRelation {
        .child(index: index)
    }

    /// Built-in containers refuse `addChild` from outside: it would bypass their own bookkeeping.
    var refusesExternalChildren: Bool { false }

    /// Built-in containers store their new members here, before the transition runs.
    func commitMembers(_ members: [ViewController]) {}

    /// What a built-in container's own bookkeeping says its children must be, for the
    /// invariant check; `nil` for a custom container, whose `children` are the truth.
    var expectedChildren: [ViewController]? { nil }

    // MARK: - Description

    /// A pointer-free description: class, restoration identifier and title. Never loads the view.
    open var description: String {
        var text = String(describing: type(of: self))
        var details: [String] = []
        if let identifier = restorationIdentifier { details.append("id: \(identifier.debugDescription)") }
        if let title { details.append("title: \(title.debugDescription)") }
        if !details.isEmpty { text += "(" + details.joined(separator: ", ") + ")" }
        return text
    }
}
