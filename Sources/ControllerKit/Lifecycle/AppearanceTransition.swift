/// One appearance transition between a leaving and an arriving subtree, in one of the three
/// orders docs/behaviour.md uses. Either side may be absent (a first show, a window hiding).
@MainActor
struct AppearanceTransition {
    enum Order {
        /// `X.wD, Y.wA, Y.layout, X.dD, Y.dA`: push, pop, `transition(from:to:)`, a new window root.
        case leavingFirst
        /// `Y.wA, X.wD, Y.layout, X.dD, Y.dA`: a tab switch.
        case arrivingFirst
        /// `X.wD, Y.wA, Y.layout, Y.dA, X.dD`: present and dismiss.
        case arrivingCompletesFirst
    }

    var leaving: ViewController?
    var arriving: ViewController?
    var order: Order
    var animated: Bool
    /// Whether the leaving subtree's view leaves the window (not when a window hides).
    var detachLeavingView = true
    /// `false` when the leaving controller is a presenter whose covering presentation was just
    /// linked: it must leave itself rather than redirect to what now covers it.
    var leavingHonorsCover = true
    /// Runs after the arriving side's `viewWillAppear`s, before its layout.
    var animations: (() -> Void)?

    func run() {
        switch order {
        case .leavingFirst:
            beginLeaving()
            beginArriving()
            animations?()
            arriving?.layoutAppearing()
            endLeaving()
            endArriving()
        case .arrivingFirst:
            beginArriving()
            beginLeaving()
            animations?()
            arriving?.layoutAppearing()
            endLeaving()
            endArriving()
        case .arrivingCompletesFirst:
            beginLeaving()
            beginArriving()
            animations?()
            arriving?.layoutAppearing()
            endArriving()
            endLeaving()
        }
    }

    private func beginLeaving() {
        leaving?.beginDisappearing(animated: animated, honoringCover: leavingHonorsCover)
    }

    private func endLeaving() {
        leaving?.endDisappearing(animated: animated, detachingView: detachLeavingView, honoringCover: leavingHonorsCover)
    }

    private func beginArriving() { arriving?.beginAppearing(animated: animated) }
    private func endArriving() { arriving?.endAppearing(animated: animated) }
}

extension ViewController {
    /// Runs `transition` inside this controller's window's transition bracket when this
    /// controller is on screen; otherwise takes the leaving side's view out of this container's
    /// view, so that hidden controllers never keep a view in the tree. Returns whether it ran.
    @discardableResult
    func runTransitionIfOnScreen(_ transition: AppearanceTransition, beforeTransition: () -> Void = {}) -> Bool {
        guard appearance == .appeared, let window = hostWindow, window.isShown else {
            if let leaving = transition.leaving, leaving !== transition.arriving {
                leaving.detachSubtreeLeavingScreen()
            }
            return false
        }
        window.performTransition {
            beforeTransition()
            transition.run()
        }
        return true
    }

    /// The last mark `validateMembers` handed out.
    static var membershipMarks: UInt64 = 0

    /// Checks an array handed to a container: no duplicates, nothing that lives elsewhere.
    /// `current` are the container's present members, which may stay.
    func validateMembers(_ members: [ViewController], current: [ViewController]) -> Diagnostic? {
        // Two fresh marks: one on the current members, one on each given member as it is seen.
        // Main-actor state, and nothing below runs app code, so no other check can interleave.
        ViewController.membershipMarks &+= 2
        let isCurrent = ViewController.membershipMarks &- 1, isSeen = ViewController.membershipMarks
        for member in current { member.membershipMark = isCurrent }
        for member in members {
            guard member.membershipMark != isSeen else {
                return Diagnostic(kind: .duplicateController, message: "\(member) appears twice in the controllers given to \(self)")
            }
            let wasCurrent = member.membershipMark == isCurrent
            member.membershipMark = isSeen
            if wasCurrent { continue }
            if let problem = validateJoining(member, as: "join \(self)") { return problem }
        }
        return nil
    }

    /// Replaces this container's members in one step: the leaving ones get `willMove(nil)`, the
    /// joining ones `willMove(self)`, then `transition` (when on screen), then the leaving ones
    /// `didMove(nil)` and the joining ones `didMove(self)`; `children` ends as `members`.
    func replaceMembers(_ old: [ViewController], with members: [ViewController],
                        transition: AppearanceTransition, loadArrivingFirst: Bool) {
        let leaving: [ViewController], joining: [ViewController]
        if old.isEmpty {
            // A container filled for the first time (every container a restore builds): no
            // identity tables to build, nothing leaves.
            (leaving, joining) = ([], members)
        } else {
            let staying = Set(members.map(ObjectIdentifier.init))
            let before = Set(old.map(ObjectIdentifier.init))
            leaving = old.filter { !staying.contains(ObjectIdentifier($0)) }
            joining = members.filter { !before.contains(ObjectIdentifier($0)) }
        }
        for member in leaving { member.willMove(toParent: nil) }
        for member in joining { linkChild(member) }
        commitMembers(members)
        runTransitionIfOnScreen(transition) {
            if loadArrivingFirst, let arriving = transition.arriving,
               joining.contains(where: { $0 === arriving }) {
                arriving.loadViewIfNeeded()
            }
        }
        for member in leaving {
            member.detachSubtreeLeavingScreen()
            member.unlinkFromParent()
        }
        childList = members
        for member in joining { member.didMove(toParent: self) }
    }
}
