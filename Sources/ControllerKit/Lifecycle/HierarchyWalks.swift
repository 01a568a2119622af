/// Read-only walks over a controller tree. None of them loads a view.
extension ViewController {
    /// This controller, its descendants and everything presented from them: parents before
    /// children, children in order, then what a controller presents (docs/behaviour.md).
    @_spi(Restoration)
    public func allControllersInTree() -> [ViewController] {
        var result: [ViewController] = []
        var visited = Set<ObjectIdentifier>()
        func visit(_ controller: ViewController) {
            // A corrupted tree must not send us round in circles; the invariant check reports it.
            guard visited.insert(ObjectIdentifier(controller)).inserted else { return }
            result.append(controller)
            for child in controller.childList { visit(child) }
            if let presented = controller.presentedLink { visit(presented) }
        }
        visit(self)
        return result
    }

    /// The controllers that are on screen when this subtree is: covered presenters replaced by
    /// what covers them, only the children that take part, what is presented after its presenter.
    func visibleControllersInSubtree() -> [ViewController] {
        var result: [ViewController] = []
        var visited = Set<ObjectIdentifier>()
        func visit(_ controller: ViewController) {
            guard visited.insert(ObjectIdentifier(controller)).inserted else { return }
            if let cover = controller.coveringPresentation {
                visit(cover)
                return
            }
            result.append(controller)
            if controller.shouldAutomaticallyForwardAppearanceMethods {
                for child in controller.childrenTakingPartInAppearance { visit(child) }
            }
            if let presented = controller.presentedLink { visit(presented) }
        }
        visit(self)
        return result
    }

    /// Whether `ancestor` is this controller or above it in the parent chain or the chain of
    /// presentations it sits in.
    func isInside(_ ancestor: ViewController) -> Bool {
        var current: ViewController? = self
        while let controller = current {
            if controller === ancestor { return true }
            current = controller.parentLink ?? controller.presentingLink
        }
        return false
    }

    /// The last controller of the parent chain: a window root, a presented controller or the top
    /// of a detached tree.
    var topOfParentChain: ViewController {
        var current = self
        while let parent = current.parentLink { current = parent }
        return current
    }
}

extension Window {
    /// The controllers the runtime keeps on screen while the window is shown, in callback order.
    /// Empty for a hidden window.
    public func visibleControllers() -> [ViewController] {
        guard isShown, let root = rootViewController else { return [] }
        return root.visibleControllersInSubtree()
    }

    /// Every controller of this window: the root's tree and everything presented in it.
    public func allControllers() -> [ViewController] {
        rootViewController?.allControllersInTree() ?? []
    }
}
