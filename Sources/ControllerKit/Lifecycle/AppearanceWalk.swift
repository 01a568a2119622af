/// The subtree walks behind every appearance transition (docs/behaviour.md).
///
/// A transition is built from four walks over the subtrees that leave and arrive: begin (load if
/// needed, place the view, `viewWillAppear` / `viewWillDisappear`), layout, and end
/// (`viewDidAppear` / `viewDidDisappear`). Each walk visits parents before their children, then
/// what a controller presents, and each controller checks its own state, so a callback is never
/// sent twice and the walks stay balanced whatever the hierarchy does in between.
extension ViewController {
    /// What this controller presents when that presentation takes it off screen.
    var coveringPresentation: ViewController? {
        guard let presented = presentedLink, presented.presentationStyleInEffect.coversPresenter else { return nil }
        return presented
    }

    /// The children whose loaded views sit inside this controller's loaded view, and those whose
    /// views the runtime took from inside it (a covering presentation, a memory warning since):
    /// the container's code put them there, so they still take part until it moves them itself.
    func childrenWhoseViewsAreInside() -> [ViewController] {
        guard let container = storedView else { return [] }
        return childList.filter { child in
            if let view = child.storedView, view.superview != nil { return view.isDescendant(of: container) }
            return child.detachedHost?.isDescendant(of: container) ?? false
        }
    }

    // MARK: - Appearing

    /// Loads (if needed), places the view and sends `viewWillAppear` to this controller, then to
    /// the children that take part and to what it presents. A covered controller stays off
    /// screen and its covering presentation appears in its place.
    func beginAppearing(animated: Bool) {
        if let cover = coveringPresentation {
            cover.beginAppearing(animated: animated)
            return
        }
        if appearance == .disappeared || appearance == .disappearing {
            loadViewIfNeeded()
            placeViewForAppearance()
            appearance = .appearing
            invoke(.viewWillAppear(animated: animated)) { $0.viewWillAppear(animated) }
        }
        guard appearance == .appearing else { return }
        // Asked after viewWillAppear: an override may have added children just now.
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in childrenTakingPartInAppearance { child.beginAppearing(animated: animated) }
        }
        presentedLink?.beginAppearing(animated: animated)
    }

    /// Lays out every controller of the subtree that is appearing, parent first.
    func layoutAppearing() {
        if let cover = coveringPresentation {
            cover.layoutAppearing()
            return
        }
        guard appearance == .appearing else { return }
        storedView?.performLayout()
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in childList { child.layoutAppearing() }
        }
        presentedLink?.layoutAppearing()
    }

    /// Sends `viewDidAppear` to every controller of the subtree that is appearing, parent first.
    func endAppearing(animated: Bool) {
        if let cover = coveringPresentation {
            cover.endAppearing(animated: animated)
            return
        }
        guard appearance == .appearing else { return }
        appearance = .appeared
        invoke(.viewDidAppear(animated: animated)) { $0.viewDidAppear(animated) }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in childList { child.endAppearing(animated: animated) }
        }
        presentedLink?.endAppearing(animated: animated)
    }

    // MARK: - Disappearing

    /// Sends `viewWillDisappear` to this controller if it is on screen, then to its children and
    /// what it presents. `honoringCover: false` starts at this controller even when a covering
    /// presentation was just linked above it (the presenter of that presentation).
    func beginDisappearing(animated: Bool, honoringCover: Bool = true) {
        if honoringCover, let cover = coveringPresentation {
            cover.beginDisappearing(animated: animated)
            return
        }
        if appearance.isOnScreenOrComing {
            appearance = .disappearing
            invoke(.viewWillDisappear(animated: animated)) { $0.viewWillDisappear(animated) }
        }
        guard appearance == .disappearing else { return }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in childList { child.beginDisappearing(animated: animated) }
        }
        presentedLink?.beginDisappearing(animated: animated)
    }

    /// Sends `viewDidDisappear` to every controller of the subtree that is disappearing, parent
    /// first. `detachingView` says the subtree leaves the screen for good rather than with a
    /// hiding window (which keeps its views): then the subtree's own view leaves the window, and
    /// so does the view of every presented controller in it, since those sit in the window
    /// directly rather than inside the subtree's view.
    func endDisappearing(animated: Bool, detachingView: Bool, honoringCover: Bool = true, isWalkRoot: Bool = true) {
        if honoringCover, let cover = coveringPresentation {
            cover.endDisappearing(animated: animated, detachingView: detachingView, isWalkRoot: isWalkRoot)
            return
        }
        guard appearance == .disappearing else { return }
        appearance = .disappeared
        invoke(.viewDidDisappear(animated: animated)) { $0.viewDidDisappear(animated) }
        if isBeingDismissed || (detachingView && (isWalkRoot || presentingLink != nil)) {
            detachViewLeavingScreen()
        }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in childList {
                child.endDisappearing(animated: animated, detachingView: detachingView, isWalkRoot: false)
            }
        }
        presentedLink?.endDisappearing(animated: animated, detachingView: detachingView, isWalkRoot: false)
    }

    // MARK: - Placing views

    /// Puts the view where it shows: a window root at the back of its window, a presented
    /// controller in front, a built-in container's child inside the container's view, and a
    /// custom container's child back where a covering presentation took it from.
    func placeViewForAppearance() {
        guard let view = storedView, view.superview == nil else {
            detachedHost = nil
            return
        }
        var host: View?
        var index: Int?
        if presentingLink != nil {
            host = hostWindow
        } else if let parent = parentLink {
            host = parent.placesChildViews ? parent.storedView : detachedHost
        } else if let window = windowLink {
            host = window
            index = 0
        }
        detachedHost = nil
        guard let host else { return }
        host.attachSilently(view, at: index)
        view.frame = host.bounds
    }

    /// Whether the runtime decides where this controller's view goes (roots, presented
    /// controllers, built-in containers' children) rather than a custom container's code.
    var isPlacedByRuntime: Bool {
        presentingLink != nil || windowLink != nil || (parentLink?.placesChildViews ?? false)
    }

    /// Takes this subtree off screen without callbacks (it is off screen already, in a hidden
    /// window or context): its own view leaves its superview, and the views of everything
    /// presented inside it leave the window, where presented views sit directly.
    func detachSubtreeLeavingScreen() {
        detachViewLeavingScreen()
        // Presented views sit directly in the window: in a window that holds no view, none can
        // leave it. A restore presents into a fresh hidden window, where walking every
        // controller under a covered presenter was a twentieth of the restorer (callgrind).
        if let window = hostWindow, window.subviews.isEmpty { return }
        for controller in allControllersInTree().dropFirst() where controller.presentingLink != nil {
            controller.detachViewLeavingScreen()
        }
    }

    /// Takes the view out of its superview, remembering where from.
    func detachViewLeavingScreen() {
        guard let view = storedView, let host = view.superview else { return }
        detachedHost = host
        view.detachSilently()
    }
}
