/// The appearance state machine's public face (docs/behaviour.md).
extension ViewController {
    /// Where this controller stands in the appearance state machine. Never loads the view.
    public var appearanceState: AppearanceState { appearance }

    /// For containers that set `shouldAutomaticallyForwardAppearanceMethods` to `false`: starts
    /// the child's appearance (`isAppearing`) or disappearance. The child's own children follow
    /// it as usual. Requests that would repeat the current state do nothing.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        manualTransitionIsAnimated = animated
        if isAppearing {
            beginAppearing(animated: animated)
        } else {
            beginDisappearing(animated: animated)
        }
    }

    /// Completes what `beginAppearanceTransition(_:animated:)` started: an appearing controller
    /// is laid out and gets `viewDidAppear`, a disappearing one `viewDidDisappear`.
    public func endAppearanceTransition() {
        let animated = manualTransitionIsAnimated
        switch appearance {
        case .appearing:
            layoutAppearing()
            endAppearing(animated: animated)
        case .disappearing:
            endDisappearing(animated: animated, detachingView: false)
        case .appeared, .disappeared:
            break
        }
    }

    // MARK: - Custom containers: views added and removed by hand

    /// A custom container put this controller's view into a shown window: the child appears,
    /// when its container is on screen and forwards appearance (docs/behaviour.md).
    func viewDidEnterVisibleWindowByHand() {
        guard appearance == .disappeared, let parent = parentLink, !parent.placesChildViews,
              parent.appearance == .appeared, parent.shouldAutomaticallyForwardAppearanceMethods,
              let window = hostWindow else { return }
        window.performTransition {
            AppearanceTransition(leaving: nil, arriving: self, order: .leavingFirst, animated: false).run()
        }
    }

    /// A custom container took this controller's view out of a shown window: the child disappears.
    func viewDidLeaveVisibleWindowByHand() {
        guard appearance.isOnScreenOrComing, let parent = parentLink, !parent.placesChildViews,
              parent.shouldAutomaticallyForwardAppearanceMethods,
              let window = hostWindow else { return }
        window.performTransition {
            // The view is already out; what this child presents sits in the window and leaves too.
            AppearanceTransition(leaving: self, arriving: nil, order: .leavingFirst, animated: false).run()
        }
    }
}
