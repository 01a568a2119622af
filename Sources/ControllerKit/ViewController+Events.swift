/// How callbacks reach observers and how misuse is reported.
extension ViewController {
    /// The window this controller belongs to: the root of its parent chain, followed through the
    /// presentations it sits in, is that window's `rootViewController`. `nil` for a detached tree.
    public var hostWindow: Window? {
        var current = self
        while true {
            if let parent = current.parentLink {
                current = parent
            } else if let presenter = current.presentingLink {
                current = presenter
            } else {
                return current.windowLink
            }
        }
    }

    /// Whether it has no parent, no presenter and no window: what `parent`,
    /// `presentingViewController` and `hostWindow` all being `nil` says, with one look at each
    /// link where those three walk up again (a restore asks it of every controller it makes).
    @_spi(Restoration)
    public var isInNoHierarchy: Bool { parentLink == nil && presentingLink == nil && windowLink == nil }

    /// The application whose observers hear this controller: its window's, or
    /// ``Application/shared`` for a controller in no window.
    var application: Application {
        hostWindow?.application ?? Application.shared
    }

    /// Announces `kind` to lifecycle observers, then runs the callback.
    func invoke(_ kind: LifecycleEvent.Kind, _ callback: (ViewController) -> Void) {
        announce(kind)
        callback(self)
    }

    /// Delivers `kind` to the application's lifecycle observers; makes no event when none
    /// listens (a restore's containment callbacks, tens of thousands of them, usually).
    private func announce(_ kind: LifecycleEvent.Kind) {
        guard Application.lifecycleObserverCount > 0 else { return }
        let application = self.application
        guard application.hasLifecycleObservers else { return }
        application.deliver(LifecycleEvent(controller: self, kind: kind))
    }

    /// `willMove`/`didMove` are also called by containers directly, so their announcement lives in
    /// the base implementation rather than at the runtime's call sites; it also keeps the
    /// `isMovingTo/FromParent` flags, which end with `didMove`.
    func recordContainment(_ kind: LifecycleEvent.Kind) {
        announce(kind)
        switch kind {
        case .willMoveToParent(let parent):
            if parent == nil { isMovingFromParent = true } else { isMovingToParent = true }
        case .didMoveToParent:
            isMovingToParent = false
            isMovingFromParent = false
        default:
            break
        }
    }

    /// Runs `decodeRestorableState(with:)` for a restore, announced to lifecycle observers.
    @_spi(Restoration)
    public func restoreDecoding(with coder: Coder) {
        invoke(.decodeRestorableState) { $0.decodeRestorableState(with: coder) }
    }

    /// Runs `applicationFinishedRestoringState()` for a restore, announced to lifecycle observers.
    @_spi(Restoration)
    public func restoreFinishing() {
        invoke(.applicationFinishedRestoringState) { $0.applicationFinishedRestoringState() }
    }

    /// Reports misuse on the channel of this controller's application.
    func report(_ kind: Diagnostic.Kind, _ message: String) {
        application.report(Diagnostic(kind: kind, message: message))
    }
}
