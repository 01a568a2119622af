import Foundation

/// The headless `UIWindow`: the top of a view tree and the owner of a root controller.
///
/// A window starts hidden. `makeKeyAndVisible()` (or `isHidden = false`) adds it to its
/// application and makes the visible path of its hierarchy appear; hiding makes that content
/// disappear and removes the window from the application. Changing the frame's size while shown
/// sends `viewWillTransition(to:with:)` from the root down, then lays out.
@MainActor
open class Window: View {
    /// The default frame: `Screen.main.bounds`, an iPhone-class portrait screen in points
    /// (390 × 844), so `Window()` and `Window(frame: Screen.main.bounds)` are the same size.
    public static let defaultFrame = Screen.main.bounds

    /// The application whose window list, events and diagnostics this window uses. Held
    /// strongly: the application holds a window only while it is shown, so nothing outlives a
    /// hidden window, and `Window(application: Application())` keeps its application.
    public let application: Application

    /// The identifier that puts this window's controllers under its own path component
    /// (`/main/tabs/…`), as `UIWindow.restorationIdentifier` does; `nil` leaves them at the top.
    public var restorationIdentifier: String?

    /// The scene the window belongs to, as `UIWindow.windowScene`; `nil` for a window of an app
    /// without scenes. Weak, as UIKit's.
    public weak var windowScene: WindowScene? {
        didSet {
            guard oldValue !== windowScene else { return }
            oldValue?.detach(self)
            windowScene?.attach(self)
        }
    }

    private var storedRoot: ViewController?
    private var storedHidden = true
    /// How many transitions of this window are running; requests made meanwhile wait for zero.
    private var transitionDepth = 0
    private var pendingRequests: [() -> Void] = []
    private var isDrainingRequests = false

    /// Makes a hidden window belonging to `application` (``Application/shared`` by default).
    public init(frame: CGRect = Window.defaultFrame, application: Application? = nil) {
        self.application = application ?? Application.shared
        super.init(frame: frame)
    }

    /// The controller whose view fills the window. Setting it on a shown window makes the old
    /// root disappear and the new one appear (`X.wD, Y.wA, Y.layout, X.dD, Y.dA`).
    public var rootViewController: ViewController? {
        get { storedRoot }
        set { setRootViewController(newValue) }
    }

    /// Whether the window is hidden. Windows start hidden.
    public var isHidden: Bool {
        get { storedHidden }
        set { newValue ? hide() : show(makeKey: false) }
    }

    /// Whether the window is this application's key window.
    public var isKeyWindow: Bool { application.keyWindow === self }

    /// Shows the window and makes it the application's key window.
    public func makeKeyAndVisible() {
        show(makeKey: true)
    }

    /// `true` while the window is shown.
    var isShown: Bool { !storedHidden }

    open override var frame: CGRect {
        didSet {
            if frame.size != oldValue.size, isShown { sizeDidChange(to: frame.size) }
        }
    }

    // MARK: - Showing and hiding

    private func show(makeKey: Bool) {
        application.windowDidShow(self, makeKey: makeKey)
        guard storedHidden else { return }
        storedHidden = false
        performTransition {
            AppearanceTransition(leaving: nil, arriving: storedRoot, order: .leavingFirst, animated: false).run()
        }
    }

    private func hide() {
        guard !storedHidden else { return }
        performTransition {
            AppearanceTransition(leaving: storedRoot, arriving: nil, order: .leavingFirst,
                                 animated: false, detachLeavingView: false).run()
        }
        storedHidden = true
        application.windowDidHide(self)
    }

    private func setRootViewController(_ newRoot: ViewController?) {
        guard newRoot !== storedRoot else { return }
        if let newRoot, let problem = newRoot.activityConflict(joining: "become the root of a window") {
            application.report(problem)
            return
        }
        let oldRoot = storedRoot
        storedRoot = newRoot
        oldRoot?.windowLink = nil
        newRoot?.windowLink = self
        guard isShown else {
            oldRoot?.detachSubtreeLeavingScreen()
            return
        }
        performTransition {
            AppearanceTransition(leaving: oldRoot, arriving: newRoot, order: .leavingFirst, animated: false).run()
        }
        // A hidden old root may still have a view here (it never appeared); it no longer belongs.
        if let oldView = oldRoot?.viewIfLoaded, oldView.superview === self { oldView.detachSilently() }
    }

    // MARK: - Size changes

    private func sizeDidChange(to size: CGSize) {
        performTransition {
            let controllers = visibleControllers()
            let coordinator = SizeTransitionCoordinator()
            for controller in controllers {
                controller.invoke(.viewWillTransition(to: size)) {
                    $0.viewWillTransition(to: size, with: coordinator)
                }
            }
            coordinator.runAnimations()
            for controller in controllers {
                guard let view = controller.viewIfLoaded else { continue }
                // Parents come first, so each host already has its new size.
                if controller.isPlacedByRuntime, let host = view.superview { view.frame = host.bounds }
                view.performLayout()
            }
            coordinator.runCompletions()
        }
    }

    // MARK: - Transition bracket

    /// Runs `body` as a transition of this window; requests made from callbacks inside it are
    /// queued until it ends (as UIKit defers a push requested mid-transition).
    func performTransition(_ body: () -> Void) {
        transitionDepth += 1
        body()
        transitionDepth -= 1
        if transitionDepth == 0 { application.hierarchyDidChange(in: self) }
        drainPendingRequests()
    }

    /// Runs `request` now, or after the running transition when one is under way. The request
    /// runs whole inside the bracket, containment calls included, so what it defers waits for
    /// all of it.
    func performWhenIdle(_ request: @escaping () -> Void) {
        if transitionDepth > 0 {
            pendingRequests.append(request)
        } else {
            performTransition(request)
        }
    }

    /// Whether a transition of this window is running.
    var isTransitioning: Bool { transitionDepth > 0 }

    private func drainPendingRequests() {
        guard transitionDepth == 0, !isDrainingRequests else { return }
        isDrainingRequests = true
        while transitionDepth == 0, !pendingRequests.isEmpty {
            let request = pendingRequests.removeFirst()
            performTransition(request)
        }
        isDrainingRequests = false
    }
}
