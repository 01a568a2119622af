import Foundation

/// The structural invariants of a controller tree, in the spirit of swift-collections'
/// `_checkInvariants()`: every link agrees with its reverse, and outside a transition every
/// controller's appearance state and view placement match what is on screen.
extension Window {
    /// Every broken invariant of this window's hierarchy, described without pointers; empty
    /// when all hold. Appearance is checked only between transitions.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        if let root = rootViewController, root.windowLink !== self {
            problems.append("\(root) is the root of a window but does not point back to it")
        }
        let controllers = allControllers()
        var seen = Set<ObjectIdentifier>()
        for controller in controllers {
            if !seen.insert(ObjectIdentifier(controller)).inserted {
                problems.append("\(controller) is in the window twice")
            }
            problems += controller.linkViolations()
        }
        if !isTransitioning { problems += appearanceViolations(controllers) }
        return problems
    }

    private func appearanceViolations(_ controllers: [ViewController]) -> [String] {
        var problems: [String] = []
        let visible = Set(visibleControllers().map(ObjectIdentifier.init))
        for controller in controllers where !controller.isDrivenManually {
            let onScreen = visible.contains(ObjectIdentifier(controller))
            let expected: AppearanceState = onScreen ? .appeared : .disappeared
            if controller.appearanceState != expected {
                problems.append("\(controller) is \(controller.appearanceState.rawValue) but should be \(expected.rawValue)")
            }
            let view = controller.viewIfLoaded
            if onScreen, view?.window !== self {
                problems.append("\(controller) is on screen but its view is not in the window")
            }
            if !onScreen, isShown, let view, view.window === self {
                problems.append("\(controller) is off screen but its view is in the window")
            }
        }
        return problems
    }
}

extension Application {
    /// The broken invariants of every shown window, and of the hierarchy's links.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        var owners: [ObjectIdentifier: Int] = [:]
        for (index, window) in windows.enumerated() {
            problems += window.invariantViolations()
            for controller in window.allControllers() {
                if let other = owners.updateValue(index, forKey: ObjectIdentifier(controller)), other != index {
                    problems.append("\(controller) is in two windows")
                }
            }
        }
        return problems
    }
}

extension ViewController {
    /// Whether an ancestor drives this controller's appearance by hand, so the runtime's
    /// expectations do not apply.
    var isDrivenManually: Bool {
        var current = parentLink
        while let ancestor = current {
            if !ancestor.shouldAutomaticallyForwardAppearanceMethods { return true }
            current = ancestor.parentLink
        }
        return false
    }

    /// Broken links around this controller.
    func linkViolations() -> [String] {
        var problems: [String] = []
        var seenChildren = Set<ObjectIdentifier>()
        for child in childList {
            if !seenChildren.insert(ObjectIdentifier(child)).inserted {
                problems.append("\(child) is a child of \(self) twice")
            }
            if child.parentLink !== self { problems.append("\(child) is a child of \(self) but its parent is \(child.parentLink.map { "\($0)" } ?? "nil")") }
            if child.presentingLink != nil { problems.append("\(child) is both a child of \(self) and presented") }
            if child.windowLink != nil { problems.append("\(child) is both a child of \(self) and a window root") }
        }
        if let parent = parentLink, !parent.childList.contains(where: { $0 === self }) {
            problems.append("\(self) names \(parent) as parent but is not among its children")
        }
        if let presented = presentedLink {
            if presented.presentingLink !== self { problems.append("\(self) presents \(presented), which names another presenter") }
            if presented.parentLink != nil { problems.append("\(presented) is presented by \(self) but also has a parent") }
        }
        if let presenter = presentingLink, presenter.presentedLink !== self {
            problems.append("\(self) names \(presenter) as presenter, which does not present it")
        }
        if let expected = expectedChildren,
           expected.count != childList.count || zip(expected, childList).contains(where: { $0 !== $1 }) {
            problems.append("the children of \(self) do not match its \(type(of: self)) bookkeeping")
        }
        if let tabs = self as? TabBarController {
            let count = tabs.viewControllers?.count ?? 0
            let valid = count == 0 ? tabs.selectedIndex == NSNotFound : (0..<count).contains(tabs.selectedIndex)
            if !valid { problems.append("\(self) selects index \(tabs.selectedIndex) of \(count) tabs") }
        }
        if appearance == .appeared, storedView == nil {
            problems.append("\(self) is appeared without a view")
        }
        return problems
    }
}
