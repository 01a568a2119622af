/// What a memory warning does to views that are loaded but not in a window.
public enum ViewUnloadPolicy: String, Sendable, Hashable, CaseIterable {
    /// Classic UIKit (iOS 5): `viewWillUnload()`, the view is released, `viewDidUnload()`.
    case unloadHiddenViews
    /// Modern UIKit: views stay loaded; controllers only receive `didReceiveMemoryWarning()`.
    case keepViews
}

/// A handle that removes an observer when passed to ``Application/removeObserver(_:)``.
public struct ObserverToken: Hashable, Sendable {
    let id: Int
}

/// The headless `UIApplication`: the visible windows, memory warnings, and the two channels
/// tools listen to, lifecycle events and diagnostics.
///
/// ``shared`` is the process-wide instance; tests may make their own so that windows, events and
/// diagnostics do not mix. Controllers that are in no window report to ``shared``.
@MainActor
public final class Application {
    /// The process-wide application.
    public static let shared = Application()

    /// The windows that are shown, in the order they were shown.
    public private(set) var windows: [Window] = []

    /// The window that was last made key with `makeKeyAndVisible()`, while it is shown.
    public private(set) weak var keyWindow: Window?

    /// What memory warnings do to hidden views. Defaults to ``ViewUnloadPolicy/unloadHiddenViews``.
    public var viewUnloadPolicy: ViewUnloadPolicy = .unloadHiddenViews

    /// The most recent diagnostics, oldest first (at most ``diagnosticsLimit``).
    public private(set) var diagnostics: [Diagnostic] = []

    /// How many diagnostics ``diagnostics`` keeps; older ones are dropped first.
    public let diagnosticsLimit = 1_000

    private var lifecycleObservers: [(token: ObserverToken, handler: @MainActor (LifecycleEvent) -> Void)] = [] {
        didSet { Self.lifecycleObserverCount += lifecycleObservers.count - oldValue.count }
    }
    /// The lifecycle observers of every live application. Containment calls announce
    /// themselves, and finding a controller's application walks up its whole hierarchy: with
    /// no observer anywhere, as in a restore of an app that records nothing, the walk is
    /// skipped (callgrind: a fifteenth of a restore's main-actor work at 10,000 controllers).
    private(set) static var lifecycleObserverCount = 0
    private var diagnosticObservers: [(token: ObserverToken, handler: @MainActor (Diagnostic) -> Void)] = []
    private var changeObservers: [(token: ObserverToken, handler: @MainActor (Window) -> Void)] = []
    private var nextToken = 0

    /// The app-level hooks of state restoration (``ApplicationDelegate``). Held strongly, as the
    /// app's `main` holds `UIApplication`'s delegate.
    public var delegate: (any ApplicationDelegate)?

    /// Saves and restores the app's state at UIKit's moments (``launch(_:options:)`` and
    /// ``enterBackground()``); `nil` for none.
    public var statePreservation: (any ApplicationStatePreservation)?

    /// Makes the delegate of each scene the app connects; setting it makes the app a scene app
    /// (docs/scenes.md), as UIKit's Info.plist scene manifest does. `@main` sets it from
    /// ``SceneLaunchConfiguration``; `nil` (the default) for an app without scenes.
    public var sceneDelegateFactory: (@MainActor (SceneConfiguration) -> any SceneDelegate)?

    /// Keeps each scene session's state between launches (``SceneStatePreservation``); `nil`
    /// for none. A scene app uses this, not ``statePreservation``.
    public var sceneStatePreservation: (any SceneStatePreservation)?

    /// The open scene sessions, in the order they opened (``openSessions``).
    var sessions: [SceneSession] = []

    /// Where the app is in its life: inactive until it launched, then as the system's events
    /// (``becomeActive()``, ``resignActive()``, ``enterBackground()``, ``enterForeground()``)
    /// move it.
    public internal(set) var applicationState: State = .inactive

    var hasLaunched = false
    /// Set by the delegate's default decisions: it implements neither pair.
    var delegateLeftDecisionUnanswered = false
    var stateRestorationExtensions = 0
    var stateRestorationCompletions: [@MainActor () -> Void] = []

    /// Objects registered for state restoration by instance, by identifier
    /// (``registerObject(forStateRestoration:restorationIdentifier:)``).
    public private(set) var objectsRegisteredForStateRestoration: [String: any StateRestoring] = [:]

    /// Makes an application with no windows.
    public init() {}

    /// Saves `object` with every snapshot under `identifier`, and restores into this instance:
    /// register it again before restoring, as UIKit's `registerObject(forStateRestoration:
    /// restorationIdentifier:)` asks. Registering an identifier again replaces the object.
    public func registerObject(forStateRestoration object: any StateRestoring, restorationIdentifier identifier: String) {
        objectsRegisteredForStateRestoration[identifier] = object
    }

    /// Registers `object` with ``shared``, as UIKit's class method
    /// `UIApplication.registerObject(forStateRestoration:restorationIdentifier:)` does.
    public static func registerObject(forStateRestoration object: any StateRestoring, restorationIdentifier identifier: String) {
        shared.registerObject(forStateRestoration: object, restorationIdentifier: identifier)
    }

    isolated deinit {
        Self.lifecycleObserverCount -= lifecycleObservers.count
    }

    // MARK: - Memory warnings

    /// Sends `didReceiveMemoryWarning()` to every live controller of every window: hidden stack
    /// members, unselected tabs and covered presenters included; parents first, presenters before
    /// what they present (docs/behaviour.md).
    public func didReceiveMemoryWarning() {
        // Collected first: an override may change the hierarchy while we walk it.
        let controllers = windows.flatMap { window in
            window.rootViewController.map { $0.allControllersInTree() } ?? []
        }
        for controller in controllers {
            controller.invoke(.didReceiveMemoryWarning) { $0.didReceiveMemoryWarning() }
        }
    }

    // MARK: - Observers

    /// Registers `handler` for every lifecycle callback the runtime delivers to controllers of
    /// this application, just before the callback runs.
    @discardableResult
    public func addLifecycleObserver(_ handler: @escaping @MainActor (LifecycleEvent) -> Void) -> ObserverToken {
        let token = makeToken()
        lifecycleObservers.append((token, handler))
        return token
    }

    /// Registers `handler` for every diagnostic reported from now on.
    @discardableResult
    public func addDiagnosticObserver(_ handler: @escaping @MainActor (Diagnostic) -> Void) -> ObserverToken {
        let token = makeToken()
        diagnosticObservers.append((token, handler))
        return token
    }

    /// Registers `handler` for every completed change of a window's hierarchy: called once a
    /// navigation request (push, pop, present, tab switch, …) or a show, hide or resize of the
    /// window has finished, transition and containment calls included.
    @discardableResult
    public func addHierarchyChangeObserver(_ handler: @escaping @MainActor (Window) -> Void) -> ObserverToken {
        let token = makeToken()
        changeObservers.append((token, handler))
        return token
    }

    /// Removes a lifecycle, diagnostic or hierarchy-change observer.
    public func removeObserver(_ token: ObserverToken) {
        lifecycleObservers.removeAll { $0.token == token }
        diagnosticObservers.removeAll { $0.token == token }
        changeObservers.removeAll { $0.token == token }
    }

    /// Forgets the diagnostics reported so far.
    public func clearDiagnostics() {
        diagnostics.removeAll()
    }

    private func makeToken() -> ObserverToken {
        nextToken += 1
        return ObserverToken(id: nextToken)
    }

    /// Whether any lifecycle observer listens.
    var hasLifecycleObservers: Bool { !lifecycleObservers.isEmpty }

    func deliver(_ event: LifecycleEvent) {
        for observer in lifecycleObservers { observer.handler(event) }
    }

    func hierarchyDidChange(in window: Window) {
        for observer in changeObservers { observer.handler(window) }
    }

    /// Records `diagnostic` and tells the diagnostic observers: for the restoration layer, whose
    /// lazy decodes run after its report was returned.
    @_spi(Restoration)
    public func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        if diagnostics.count > diagnosticsLimit {
            diagnostics.removeFirst(diagnostics.count - diagnosticsLimit)
        }
        for observer in diagnosticObservers { observer.handler(diagnostic) }
    }

    // MARK: - Window list

    func windowDidShow(_ window: Window, makeKey: Bool) {
        if !windows.contains(where: { $0 === window }) { windows.append(window) }
        if makeKey { keyWindow = window }
    }

    func windowDidHide(_ window: Window) {
        windows.removeAll { $0 === window }
        if keyWindow === window { keyWindow = nil }
    }
}
