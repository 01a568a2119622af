/// The headless `UISplitViewController`: a primary and a secondary column.
///
/// Expanded, both columns show; collapsed, only the primary does and the secondary is hidden
/// (it stays a child and keeps its place; see the README's behaviour notes on collapsing).
@MainActor
open class SplitViewController: ViewController {
    /// The two columns.
    public enum Column: String, Sendable, Hashable, CaseIterable {
        case primary
        case secondary
    }

    private var primary: ViewController?
    private var secondary: ViewController?

    /// Whether only the primary column shows.
    public private(set) var isCollapsed = false

    /// The arrangements of a split view interface; mirrors `UISplitViewController.DisplayMode`,
    /// with its raw values and its deprecated spellings.
    public enum DisplayMode: Int, Sendable, Hashable, CaseIterable {
        /// Let the split view controller choose; only ever a ``SplitViewController/preferredDisplayMode``,
        /// never a ``SplitViewController/displayMode``.
        case automatic = 0
        /// Only the secondary column shows.
        case secondaryOnly = 1
        /// One sidebar beside the secondary column.
        case oneBesideSecondary = 2
        /// One sidebar over the secondary column.
        case oneOverSecondary = 3
        /// Two sidebars beside the secondary column (a three-column split in UIKit).
        case twoBesideSecondary = 4
        /// Two sidebars over the secondary column (a three-column split in UIKit).
        case twoOverSecondary = 5
        /// Two sidebars pushing the secondary column partly off screen (a three-column split in UIKit).
        case twoDisplaceSecondary = 6

        /// The pre-iOS 14 name of ``secondaryOnly``.
        @available(*, deprecated, renamed: "secondaryOnly")
        public static var primaryHidden: DisplayMode { .secondaryOnly }
        /// The pre-iOS 14 name of ``oneBesideSecondary``.
        @available(*, deprecated, renamed: "oneBesideSecondary")
        public static var allVisible: DisplayMode { .oneBesideSecondary }
        /// The pre-iOS 14 name of ``oneOverSecondary``.
        @available(*, deprecated, renamed: "oneOverSecondary")
        public static var primaryOverlay: DisplayMode { .oneOverSecondary }
    }

    /// The arrangement the app asks for, as `UISplitViewController.preferredDisplayMode`;
    /// ``DisplayMode/automatic`` by default. It decides what ``displayMode`` reports and nothing
    /// else: both columns of an expanded split appear whatever it says (docs/behaviour.md).
    open var preferredDisplayMode: DisplayMode = .automatic

    /// The current arrangement, as `UISplitViewController.displayMode`; never
    /// ``DisplayMode/automatic``.
    ///
    /// Collapsed, ``DisplayMode/secondaryOnly``: one column shows (UIKit ignores the display mode
    /// of a collapsed split). Expanded, the ``preferredDisplayMode``, with ``DisplayMode/automatic``
    /// as ``DisplayMode/oneBesideSecondary`` (both columns show side by side) and the two-sidebar
    /// modes as their one-sidebar counterparts, since this split has one sidebar:
    /// ``DisplayMode/twoBesideSecondary`` and ``DisplayMode/twoDisplaceSecondary`` as
    /// ``DisplayMode/oneBesideSecondary``, ``DisplayMode/twoOverSecondary`` as
    /// ``DisplayMode/oneOverSecondary``.
    public var displayMode: DisplayMode {
        if isCollapsed { return .secondaryOnly }
        switch preferredDisplayMode {
        case .automatic, .oneBesideSecondary, .twoBesideSecondary, .twoDisplaceSecondary: return .oneBesideSecondary
        case .oneOverSecondary, .twoOverSecondary: return .oneOverSecondary
        case .secondaryOnly: return .secondaryOnly
        }
    }

    /// Makes an expanded split view controller with empty columns (`init()` passes `nil` for both).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// The restoration initialiser; the columns are rebuilt by the restoration layer.
    public required init?(coder: Coder) {
        super.init(coder: coder)
    }

    /// `[primary, secondary]` without the empty ones. Setting assigns the first element to the
    /// primary column and the second to the secondary one.
    public var viewControllers: [ViewController] {
        get { [primary, secondary].compactMap { $0 } }
        set {
            setViewController(newValue.first, for: .primary)
            setViewController(newValue.count > 1 ? newValue[1] : nil, for: .secondary)
        }
    }

    /// The controller in `column`.
    public func viewController(for column: Column) -> ViewController? {
        column == .primary ? primary : secondary
    }

    /// Puts `viewController` in `column`, replacing what was there; on screen the old one
    /// disappears and the new one appears (`X.wD, Y.wA, Y.layout, X.dD, Y.dA`).
    open func setViewController(_ viewController: ViewController?, for column: Column) {
        whenIdle { [self] in
            let old = self.viewController(for: column)
            guard old !== viewController else { return }
            let other = self.viewController(for: column == .primary ? .secondary : .primary)
            if let viewController {
                if viewController === other {
                    report(.duplicateController, "\(viewController) is already the other column of \(self)")
                    return
                }
                if let problem = validateJoining(viewController, as: "join \(self)") {
                    application.report(problem)
                    return
                }
            }
            var members = viewControllers
            members.removeAll { $0 === old }
            if let viewController {
                members.insert(viewController, at: column == .primary ? 0 : members.count)
            }
            let columnShows = column == .primary || !isCollapsed
            let transition = AppearanceTransition(leaving: columnShows ? old : nil,
                                                  arriving: columnShows ? viewController : nil,
                                                  order: .leavingFirst, animated: false)
            pendingColumn = (column, viewController)
            replaceMembers(viewControllers, with: members, transition: transition, loadArrivingFirst: false)
            if !columnShows { old?.detachSubtreeLeavingScreen() }
        }
    }

    /// Hides the secondary column: on screen it gets `viewWillDisappear`/`viewDidDisappear`.
    public func collapse() {
        whenIdle { [self] in
            guard !isCollapsed else { return }
            isCollapsed = true
            guard let secondary else { return }
            runTransitionIfOnScreen(AppearanceTransition(leaving: secondary, arriving: nil,
                                                         order: .leavingFirst, animated: false))
        }
    }

    /// Shows the secondary column again: on screen it loads if needed and appears.
    public func expand() {
        whenIdle { [self] in
            guard isCollapsed else { return }
            isCollapsed = false
            guard let secondary else { return }
            runTransitionIfOnScreen(AppearanceTransition(leaving: nil, arriving: secondary,
                                                         order: .leavingFirst, animated: false))
        }
    }

    /// The column assignment `replaceMembers` commits.
    private var pendingColumn: (Column, ViewController?)?

    // MARK: - Container hooks

    override func commitMembers(_ members: [ViewController]) {
        guard let (column, controller) = pendingColumn else { return }
        pendingColumn = nil
        if column == .primary { primary = controller } else { secondary = controller }
    }

    override var childrenTakingPartInAppearance: [ViewController] {
        (isCollapsed ? [primary] : [primary, secondary]).compactMap { $0 }
    }

    override var placesChildViews: Bool { true }

    override var expectedChildren: [ViewController]? { [primary, secondary].compactMap { $0 } }

    override var refusesExternalChildren: Bool { true }

    override func relation(ofChild child: ViewController, at index: Int) -> ControllerRelation {
        .splitColumn(child === primary ? .primary : .secondary)
    }
}
