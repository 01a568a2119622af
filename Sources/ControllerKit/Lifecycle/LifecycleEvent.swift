import Foundation

/// One callback the runtime delivered to a controller, as seen by lifecycle observers.
///
/// Observers registered with ``Application/addLifecycleObserver(_:)`` receive every callback
/// the runtime invokes, just before the controller's method runs, so a tool can record a trace
/// without subclassing. The event holds the controller strongly: an observer that keeps events
/// keeps controllers alive, which is why ``LifecycleTraceRecorder`` stores names instead.
public struct LifecycleEvent {
    /// The callback.
    public enum Kind: Sendable {
        case loadView
        case viewDidLoad
        case viewWillAppear(animated: Bool)
        case viewDidAppear(animated: Bool)
        case viewWillDisappear(animated: Bool)
        case viewDidDisappear(animated: Bool)
        case viewWillLayoutSubviews
        case viewDidLayoutSubviews
        case viewWillTransition(to: CGSize)
        /// The new parent, or `nil` when leaving.
        case willMoveToParent(ViewController?)
        /// The new parent, or `nil` when left.
        case didMoveToParent(ViewController?)
        case didReceiveMemoryWarning
        case viewWillUnload
        case viewDidUnload
        /// A restore hands the controller its saved state.
        case decodeRestorableState
        /// A restore is done with the controller and everything it restored with it.
        case applicationFinishedRestoringState
    }

    /// The controller that receives the callback.
    public let controller: ViewController
    /// Which callback.
    public let kind: Kind
}

extension LifecycleEvent.Kind {
    /// The short notation of docs/behaviour.md: `wA`, `dA`, `wD`, `dD`, `wM(P)`, `dM(nil)`; other
    /// callbacks by their method name. Parents are named by `name`.
    @MainActor
    public func notation(name: @MainActor (ViewController) -> String) -> String {
        func parentName(_ parent: ViewController?) -> String { parent.map(name) ?? "nil" }
        switch self {
        case .loadView: return "loadView"
        case .viewDidLoad: return "viewDidLoad"
        case .viewWillAppear: return "wA"
        case .viewDidAppear: return "dA"
        case .viewWillDisappear: return "wD"
        case .viewDidDisappear: return "dD"
        case .viewWillLayoutSubviews: return "viewWillLayoutSubviews"
        case .viewDidLayoutSubviews: return "viewDidLayoutSubviews"
        case .viewWillTransition: return "viewWillTransition"
        case .willMoveToParent(let parent): return "wM(\(parentName(parent)))"
        case .didMoveToParent(let parent): return "dM(\(parentName(parent)))"
        case .didReceiveMemoryWarning: return "didReceiveMemoryWarning"
        case .viewWillUnload: return "viewWillUnload"
        case .viewDidUnload: return "viewDidUnload"
        case .decodeRestorableState: return "decodeRestorableState"
        case .applicationFinishedRestoringState: return "applicationFinishedRestoringState"
        }
    }
}
