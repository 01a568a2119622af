import Foundation

/// The headless `UITabBarController`: one child per tab, of which only the selected one shows.
///
/// Only the selected tab's controller loads at first show. A tab switch on screen runs
/// `(C.load), C.wA, M.wD, C.layout, M.dD, C.dA` (docs/behaviour.md).
@MainActor
open class TabBarController: ViewController {
    private var tabs: [ViewController] = []
    private var selection = NSNotFound

    /// Makes a tab bar controller with no tabs (`init()` passes `nil` for both).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// The restoration initialiser; the tabs are rebuilt by the restoration layer.
    public required init?(coder: Coder) {
        super.init(coder: coder)
    }

    /// The tabs' controllers, or `nil` when there are none, as in UIKit.
    public var viewControllers: [ViewController]? {
        get { tabs.isEmpty ? nil : tabs }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The index of the selected tab; `NSNotFound` when there are no tabs. Setting an index out
    /// of range is refused and reported.
    public var selectedIndex: Int {
        get { selection }
        set { select(index: newValue) }
    }

    /// The selected tab's controller. Setting a controller that is not a tab is refused.
    public var selectedViewController: ViewController? {
        get { tabs.indices.contains(selection) ? tabs[selection] : nil }
        set {
            guard let newValue, let index = tabs.firstIndex(where: { $0 === newValue }) else {
                report(.invalidSelection, "\(newValue.map { "\($0)" } ?? "nil") is not a tab of \(self)")
                return
            }
            select(index: index)
        }
    }

    /// Replaces the tabs. The selection stays on the same controller when it is still a tab,
    /// else on the same index when it still exists, else on the first tab.
    open func setViewControllers(_ viewControllers: [ViewController]?, animated: Bool) {
        let members = viewControllers ?? []
        whenIdle { [self] in
            if let problem = validateMembers(members, current: tabs) {
                application.report(problem)
                return
            }
            let oldSelected = selectedViewController
            let newSelection: Int
            if let kept = oldSelected, let index = members.firstIndex(where: { $0 === kept }) {
                newSelection = index
            } else if members.indices.contains(selection) {
                newSelection = selection
            } else {
                newSelection = members.isEmpty ? NSNotFound : 0
            }
            let newSelected = members.indices.contains(newSelection) ? members[newSelection] : nil
            selection = newSelection
            let changed = oldSelected !== newSelected
            let transition = AppearanceTransition(leaving: changed ? oldSelected : nil,
                                                  arriving: changed ? newSelected : nil,
                                                  order: .arrivingFirst, animated: animated)
            replaceMembers(tabs, with: members, transition: transition, loadArrivingFirst: false)
        }
    }

    private func select(index: Int) {
        whenIdle { [self] in
            guard tabs.indices.contains(index) else {
                report(.invalidSelection, "\(self) has no tab at index \(index) (it has \(tabs.count))")
                return
            }
            guard index != selection else { return }
            let oldSelected = selectedViewController
            selection = index
            runTransitionIfOnScreen(AppearanceTransition(leaving: oldSelected, arriving: tabs[index],
                                                         order: .arrivingFirst, animated: false))
        }
    }

    // MARK: - Container hooks

    override func commitMembers(_ members: [ViewController]) { tabs = members }

    override var childrenTakingPartInAppearance: [ViewController] {
        selectedViewController.map { [$0] } ?? []
    }

    override var placesChildViews: Bool { true }

    override var expectedChildren: [ViewController]? { tabs }

    override var refusesExternalChildren: Bool { true }

    override func relation(ofChild child: ViewController, at index: Int) -> ControllerRelation {
        let position = ControllerKit.index(of: child, in: tabs, near: index) ?? index
        return .tab(index: position, isSelected: position == selection)
    }
}
