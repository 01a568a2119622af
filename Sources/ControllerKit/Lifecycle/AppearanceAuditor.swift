/// Checks every appearance callback against the state machine of docs/behaviour.md as it
/// happens: no `viewDidAppear` without a preceding `viewWillAppear`, never two `viewWillAppear`
/// in a row, no callback to a controller already in the target state.
@MainActor
public final class AppearanceAuditor {
    /// Every illegal callback seen, described without pointers.
    public private(set) var violations: [String] = []

    private var states: [ObjectIdentifier: (controller: WeakController, state: AppearanceState)] = [:]
    private var subscriptions: [(Application, ObserverToken)] = []

    /// Starts auditing the events of `applications`.
    public init(observing applications: [Application] = [.shared]) {
        for application in applications {
            let token = application.addLifecycleObserver { [weak self] event in self?.audit(event) }
            subscriptions.append((application, token))
        }
    }

    isolated deinit {
        for (application, token) in subscriptions { application.removeObserver(token) }
    }

    private func audit(_ event: LifecycleEvent) {
        let transition: (allowed: Set<AppearanceState>, next: AppearanceState, name: String)
        switch event.kind {
        case .viewWillAppear: transition = ([.disappeared, .disappearing], .appearing, "viewWillAppear")
        case .viewDidAppear: transition = ([.appearing], .appeared, "viewDidAppear")
        case .viewWillDisappear: transition = ([.appeared, .appearing], .disappearing, "viewWillDisappear")
        case .viewDidDisappear: transition = ([.disappearing], .disappeared, "viewDidDisappear")
        default: return
        }
        let key = ObjectIdentifier(event.controller)
        var current = AppearanceState.disappeared
        if let entry = states[key], entry.controller.value === event.controller { current = entry.state }
        if !transition.allowed.contains(current) {
            violations.append("\(event.controller) got \(transition.name) while \(current.rawValue)")
        }
        states[key] = (WeakController(value: event.controller), transition.next)
    }
}

/// A weak reference, so auditing never keeps a controller alive.
struct WeakController {
    weak var value: ViewController?
}
