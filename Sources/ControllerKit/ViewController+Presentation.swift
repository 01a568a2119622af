/// Modal presentation (docs/behaviour.md).
extension ViewController {
    /// What this controller, or the nearest ancestor that presents, presents.
    public var presentedViewController: ViewController? {
        // Loops rather than `firstInParentChain`: saves and descriptions ask every controller,
        // and a closure formed on the main actor checks the executor at each call.
        var current: ViewController? = self
        while let controller = current {
            if let found = controller.presentedLink { return found }
            current = controller.parentLink
        }
        return nil
    }

    /// What this controller presents itself, not an ancestor: for the restoration layer, whose
    /// save asks it of every controller (the public pair above walks the parent chain twice).
    @_spi(Restoration)
    public var presentedByThisController: ViewController? { presentedLink }

    /// The controller that presented this one, or the nearest presented ancestor.
    public var presentingViewController: ViewController? {
        var current: ViewController? = self
        while let controller = current {
            if let found = controller.presentingLink { return found }
            current = controller.parentLink
        }
        return nil
    }

    /// The first non-nil `answer` of this controller and its ancestors, nearest first.
    func firstInParentChain<Answer>(_ answer: (ViewController) -> Answer?) -> Answer? {
        var current: ViewController? = self
        while let controller = current {
            if let found = answer(controller) { return found }
            current = controller.parentLink
        }
        return nil
    }

    /// The style this controller was presented with while it is presented.
    public var activePresentationStyle: ModalPresentationStyle? {
        presentingLink == nil ? nil : presentationStyleInEffect
    }

    /// The controller that presents with `style` when asked from this one (docs/behaviour.md).
    func presenter(for style: ModalPresentationStyle) -> ViewController {
        var current: ViewController? = self
        while let controller = current {
            if style.usesPresentationContext {
                if controller.definesPresentationContext { return controller }
            } else if controller.windowLink != nil
                        || (controller.presentingLink != nil && controller.presentationStyleInEffect.fillsWindow) {
                return controller
            }
            current = controller.parentLink
        }
        // A presented sheet tops its own chain: what it presents is presented from it.
        return topOfParentChain
    }

    // MARK: - Present

    func performPresent(_ presented: ViewController, animated: Bool, completion: (() -> Void)?) {
        guard hostWindow != nil else {
            report(.notInWindow, "\(self) cannot present \(presented): it is not in a window")
            return
        }
        whenIdle { [self] in presentNow(presented, animated: animated, completion: completion) }
    }

    private func presentNow(_ presented: ViewController, animated: Bool, completion: (() -> Void)?) {
        // Checked again here: a deferred request meets the hierarchy as it is now.
        guard let window = hostWindow else {
            report(.notInWindow, "\(self) cannot present \(presented): it is not in a window")
            return
        }
        if let problem = validateJoining(presented, as: "be presented from \(self)") {
            application.report(problem)
            return
        }
        let style = presented.modalPresentationStyle
        guard style != .none else {
            report(.unsupportedOperation, "\(self) cannot present \(presented) with style none")
            return
        }
        let presenter = presenter(for: style)
        if let current = presenter.presentedLink {
            report(.alreadyPresenting, "\(presenter) cannot present \(presented): it already presents \(current)")
            return
        }
        presenter.presentedLink = presented
        presented.presentingLink = presenter
        presented.presentationStyleInEffect = style

        guard window.isShown, presenter.appearance == .appeared else {
            // Off screen there is no transition, but a covered presenter's view must still leave
            // the window, or it would show through when the window or its context comes back.
            if style.coversPresenter { presenter.detachSubtreeLeavingScreen() }
            completion?()
            return
        }
        presented.isBeingPresented = true
        window.performTransition {
            presented.loadViewIfNeeded()
            AppearanceTransition(leaving: style.coversPresenter ? presenter : nil, arriving: presented,
                                 order: .arrivingCompletesFirst, animated: animated,
                                 leavingHonorsCover: false).run()
            presented.isBeingPresented = false
            completion?()
        }
    }

    // MARK: - Dismiss

    func performDismiss(animated: Bool, completion: (() -> Void)?) {
        whenIdle { [self] in
            if let presented = presentedViewController, let presenter = presented.presentingLink {
                dismissChain(presented, from: presenter, animated: animated, completion: completion)
            } else if let presentedAncestor = presentedRootOfChain, let presenter = presentedAncestor.presentingLink {
                dismissChain(presentedAncestor, from: presenter, animated: animated, completion: completion)
            } else {
                report(.nothingToDismiss, "\(self) neither presents nor is presented; dismiss was ignored")
            }
        }
    }

    /// This controller or the nearest ancestor that is presented.
    private var presentedRootOfChain: ViewController? {
        firstInParentChain { $0.presentingLink != nil ? $0 : nil }
    }

    /// Removes `presented` and everything presented above it. Only what is on screen gets
    /// callbacks; a covered presenter that becomes visible appears (docs/behaviour.md).
    private func dismissChain(_ presented: ViewController, from presenter: ViewController,
                              animated: Bool, completion: (() -> Void)?) {
        var chain: [ViewController] = []
        var next: ViewController? = presented
        while let controller = next {
            chain.append(controller)
            next = controller.presentedLink
        }
        let window = presenter.hostWindow
        for controller in chain { controller.isBeingDismissed = true }
        presenter.presentedLink = nil
        presented.presentingLink = nil

        let revealed = presented.presentationStyleInEffect.coversPresenter
            && (window?.visibleControllers().contains { $0 === presenter } ?? false)
        let run = {
            AppearanceTransition(leaving: presented, arriving: revealed ? presenter : nil,
                                 order: .arrivingCompletesFirst, animated: animated).run()
            // Views of a chain that was not on screen (a hidden window keeps its views) go too.
            for controller in chain where controller.viewIfLoaded?.window != nil {
                controller.detachViewLeavingScreen()
            }
            for (lower, upper) in zip(chain, chain.dropFirst()) {
                lower.presentedLink = nil
                upper.presentingLink = nil
            }
            for controller in chain { controller.isBeingDismissed = false }
            completion?()
        }
        if let window { window.performTransition(run) } else { run() }
    }
}
