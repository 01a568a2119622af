/// Memory warnings and view unloading (docs/behaviour.md).
extension ViewController {
    /// The base `didReceiveMemoryWarning()`: under the unload policy, releases a loaded view that
    /// is not in a window. Visible views are never unloaded; the next use reloads lazily.
    func unloadViewIfHidden() {
        guard application.viewUnloadPolicy == .unloadHiddenViews,
              let view = storedView, view.window == nil else { return }
        unloadView()
    }
}
