/// Records lifecycle callbacks as lines in the notation of docs/behaviour.md (`Inbox.wA`,
/// `Detail.wM(Nav)`, `Inbox.loadView`), from the event stream, so no subclass is needed.
///
/// It stores names, not controllers, so recording never keeps a controller alive.
@MainActor
public final class LifecycleTraceRecorder {
    /// The recorded lines, oldest first.
    public private(set) var lines: [String] = []

    private let name: @MainActor (ViewController) -> String
    private var subscriptions: [(Application, ObserverToken)] = []

    /// Starts recording the events of `applications`. Controllers that are in no window report
    /// to ``Application/shared``, so include it to see containment calls of detached trees.
    public init(observing applications: [Application] = [.shared],
                name: @escaping @MainActor (ViewController) -> String = LifecycleTraceRecorder.defaultName) {
        self.name = name
        for application in applications {
            let token = application.addLifecycleObserver { [weak self] event in self?.record(event) }
            subscriptions.append((application, token))
        }
    }

    isolated deinit {
        stop()
    }

    /// The restoration identifier, else the title, else the class name.
    public static func defaultName(_ controller: ViewController) -> String {
        controller.restorationIdentifier ?? controller.title ?? String(describing: type(of: controller))
    }

    /// Stops recording.
    public func stop() {
        for (application, token) in subscriptions { application.removeObserver(token) }
        subscriptions.removeAll()
    }

    /// Forgets what was recorded so far.
    public func reset() {
        lines.removeAll()
    }

    /// Appends a line of the caller's own, such as `completion`, to keep it in order.
    public func mark(_ line: String) {
        lines.append(line)
    }

    private func record(_ event: LifecycleEvent) {
        lines.append("\(name(event.controller)).\(event.kind.notation(name: name))")
    }
}
