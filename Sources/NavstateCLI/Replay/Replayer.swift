import ControllerKit
import StateRestoration

/// Restores a loaded snapshot with stand-ins into a fresh window, shows it, and records the
/// lifecycle trace, touching no database.
@MainActor
struct Replayer {
    struct Result: Sendable {
        var report: RestoreReport
        /// Callbacks during the restore itself: each controller's view loading and decoding,
        /// and containment calls.
        var restoreTrace: [String]
        /// Callbacks while showing the restored window.
        var showTrace: [String]
        var hierarchy: String
    }

    let loaded: LoadedSnapshot

    func run() -> Result {
        let registry = RestorationRegistry()
        let supplier = StandInSupplier(snapshot: loaded.snapshot, registry: registry)
        registry.delegate = supplier
        let application = Application()
        let windows = (0..<max(loaded.snapshot.windowCount, 1)).map { _ in Window(application: application) }
        let recorder = LifecycleTraceRecorder(observing: [application, .shared])
        let report = loaded.restore(into: windows, registry: registry)
        let restoreTrace = recorder.lines
        recorder.reset()
        for window in windows { window.makeKeyAndVisible() }
        let showTrace = recorder.lines
        recorder.stop()
        let hierarchy = windows.map(describe).joined(separator: "\n")
        for window in windows { window.isHidden = true }
        return Result(report: report, restoreTrace: restoreTrace, showTrace: showTrace, hierarchy: hierarchy)
    }

    /// The window's dump, with each stand-in shown as the class it stands in for.
    private func describe(_ window: Window) -> String {
        guard let root = window.rootViewController else { return window.hierarchyDescription() }
        // Node children are the controller's children then what it presents, in that order.
        func relabel(_ node: HierarchyNode, _ controller: ViewController) -> HierarchyNode {
            var node = node
            if let standIn = controller as? any StandIn { node.className = "\(standIn.savedClassName) (stand-in)" }
            var below = controller.children
            if let presented = controller.presentedViewController, presented.presentingViewController === controller {
                below.append(presented)
            }
            node.children = zip(node.children, below).map(relabel)
            return node
        }
        let lines = relabel(root.hierarchySnapshot(), root).renderedLines()
        let header = window.hierarchyDescription().split(separator: "\n").first.map(String.init) ?? "Window"
        return ([header, "└─ " + lines[0]] + lines.dropFirst().map { "   " + $0 }).joined(separator: "\n")
    }
}
