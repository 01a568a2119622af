/// The lazy view (docs/behaviour.md).
extension ViewController {
    /// The view if it is loaded; never loads it.
    public var viewIfLoaded: View? { storedView }

    /// Whether the view is loaded; never loads it.
    public var isViewLoaded: Bool { storedView != nil }

    /// Loads the view if it is not loaded yet.
    public func loadViewIfNeeded() {
        if storedView == nil { performLoad() }
    }

    /// The getter of `view`.
    func loadedView() -> View {
        if let view = storedView { return view }
        if isRunningLoadView {
            // UIKit recurses forever here; we hand out a fresh view and say why.
            report(.viewReadDuringLoadView, "\(self) read `view` inside loadView() before assigning it")
            let placeholder = View()
            adopt(placeholder)
            return placeholder
        }
        performLoad()
        return storedView ?? View()
    }

    /// `loadView()` then `viewDidLoad()`, each announced to lifecycle observers.
    func performLoad() {
        isRunningLoadView = true
        invoke(.loadView) { $0.loadView() }
        isRunningLoadView = false
        if storedView == nil {
            report(.loadViewDidNotSetView, "\(self).loadView() did not assign `view`; an empty view was installed")
            adopt(View())
        }
        invoke(.viewDidLoad) { $0.viewDidLoad() }
        // A lazy restore decodes a controller right after its first viewDidLoad.
        if let restoration = pendingRestoration {
            pendingRestoration = nil
            restoration.run(self)
        }
    }

    /// The setter of `view`: installs without `viewDidLoad()`, or unloads on `nil`.
    func replaceView(with newView: View?) {
        guard newView !== storedView else { return }
        if let newView, let owner = newView.owningController, owner !== self {
            report(.viewOwnedByAnotherController, "\(self) cannot take the view of \(owner)")
            return
        }
        if let old = storedView {
            old.owningController = nil
            old.detachSilently()
        }
        storedView = nil
        if let newView { adopt(newView) }
    }

    private func adopt(_ view: View) {
        view.owningController = self
        storedView = view
    }

    /// Releases the view as a memory warning does: `viewWillUnload()`, release, `viewDidUnload()`.
    func unloadView() {
        guard let view = storedView else { return }
        invoke(.viewWillUnload) { $0.viewWillUnload() }
        view.owningController = nil
        view.detachSilently()
        storedView = nil
        invoke(.viewDidUnload) { $0.viewDidUnload() }
    }
}
