import Foundation

/// A headless stand-in for `UIView`: a node in a view tree with a frame and layout flags.
///
/// There is nothing to draw; what matters is the tree. `window` answers whether a view is on
/// screen, which is what memory warnings look at, and adding or removing the view of a child
/// controller of a custom container drives that child's appearance callbacks, as in UIKit.
@MainActor
open class View {
    /// The view's rectangle in its superview's coordinates.
    open var frame: CGRect {
        didSet {
            if frame.size != oldValue.size { setNeedsLayout() }
        }
    }

    /// The view's own rectangle: origin zero, the frame's size. Setting it resizes the frame.
    public var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }

    /// The view that contains this one; weak, as in UIKit.
    public private(set) weak var superview: View?

    /// The contained views, back to front.
    public private(set) var subviews: [View] = []

    /// Whether the next `layoutIfNeeded()` lays this view out.
    public private(set) var needsLayout = true

    /// The controller whose `view` this is. Weak: the controller owns the view, not the reverse.
    weak var owningController: ViewController?

    /// How many views this process has made: instrumentation, so benchmarks and tests can check
    /// that restoring creates views only for what shows.
    public private(set) static var instancesCreated = 0

    /// Makes a view with the given frame.
    public init(frame: CGRect = .zero) {
        self.frame = frame
        View.instancesCreated += 1
    }

    /// The window at the top of this view's superview chain, if any.
    public var window: Window? {
        var current: View? = self
        while let view = current {
            if let window = view as? Window { return window }
            current = view.superview
        }
        return nil
    }

    /// Whether `self` is `view` or one of its superviews' chain ends in `view`.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    // MARK: - Tree editing

    /// Adds `view` on top of the subviews, removing it from its old superview first.
    ///
    /// When `view` is the view of a child controller of a visible custom container, the child
    /// appears: `viewWillAppear`, layout, `viewDidAppear` (docs/behaviour.md).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (clamped to the valid range).
    public func insertSubview(_ view: View, at index: Int) {
        guard !isDescendant(of: view) else {
            report(.wouldCreateCycle, "cannot add a view beneath itself")
            return
        }
        let wasVisible = view.isInVisibleWindow
        attachSilently(view, at: index)
        if !wasVisible { view.owningController?.viewDidEnterVisibleWindowByHand() }
    }

    /// Removes the view from its superview. When it is the view of a child controller of a
    /// visible custom container, that child disappears: `viewWillDisappear`, `viewDidDisappear`.
    public func removeFromSuperview() {
        let wasVisible = isInVisibleWindow
        detachSilently()
        if wasVisible { owningController?.viewDidLeaveVisibleWindowByHand() }
    }

    /// Inserts without driving any controller callback: the runtime's own view moves, which come
    /// with their transition's callbacks already.
    func attachSilently(_ view: View, at index: Int? = nil) {
        if view.superview === self, let position = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: position)
        } else {
            view.detachSilently()
        }
        let position = min(max(index ?? subviews.count, 0), subviews.count)
        subviews.insert(view, at: position)
        view.superview = self
        setNeedsLayout()
    }

    /// Removes without driving any controller callback.
    func detachSilently() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.setNeedsLayout()
    }

    /// Whether this view is in a window that is shown.
    var isInVisibleWindow: Bool { window?.isShown ?? false }

    // MARK: - Layout

    /// Marks the view as needing layout at the next `layoutIfNeeded()`.
    public func setNeedsLayout() {
        needsLayout = true
    }

    /// Lays out this view and its subviews if they need it. For a controller's view that means
    /// `viewWillLayoutSubviews()`, `layoutSubviews()`, `viewDidLayoutSubviews()`.
    public func layoutIfNeeded() {
        if needsLayout { performLayout() }
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Override point for subclasses that arrange their subviews. The default does nothing.
    open func layoutSubviews() {}

    /// One layout pass of this view, with its controller's callbacks around it.
    func performLayout() {
        needsLayout = false
        let controller = owningController
        controller?.invoke(.viewWillLayoutSubviews) { $0.viewWillLayoutSubviews() }
        layoutSubviews()
        controller?.invoke(.viewDidLayoutSubviews) { $0.viewDidLayoutSubviews() }
    }

    private func report(_ kind: Diagnostic.Kind, _ message: String) {
        (window?.application ?? Application.shared).report(Diagnostic(kind: kind, message: message))
    }
}
