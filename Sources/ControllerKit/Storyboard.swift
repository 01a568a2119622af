import Synchronization

/// The headless `UIStoryboard`: a storyboard is a name and its scenes, registered once by the app,
/// since there are no storyboard files to load. UIKit code then instantiates from it unchanged.
///
/// Register each storyboard once at launch (on Linux, in the `ApplicationLaunchConfiguration`
/// file), with its scenes by storyboard ID and, optionally, its initial scene:
///
/// ```swift
/// Storyboard.register(name: "Main", initial: "inbox", scenes: [
///     "inbox": { ViewController() },
///     "detail": { ViewController() },
/// ])
/// let storyboard = Storyboard(name: "Main", bundle: nil)
/// let detail = storyboard.instantiateViewController(withIdentifier: "detail")
/// // detail.storyboard?.name == "Main", detail.restorationIdentifier == "detail"
/// let inbox = storyboard.instantiateInitialViewController()
/// ```
///
/// A controller instantiated from a storyboard gets ``ViewController/storyboard`` set, then
/// `awakeFromNib()` as in UIKit; when its scene did not set a restoration identifier, its
/// storyboard ID becomes its restoration identifier (Xcode's "Use Storyboard ID"). A save records
/// its storyboard's name, and a restore that no restoration class or delegate supplies re-makes
/// it from that storyboard with its restoration identifier as the storyboard ID
/// (docs/behaviour.md, "Storyboards").
///
/// Where UIKit raises an exception (no storyboard of that name, no scene of that identifier),
/// nothing crashes here: a ``Diagnostic/Kind/storyboardNotFound`` diagnostic is reported to
/// ``Application/shared``, `instantiateViewController(withIdentifier:)` returns an empty
/// ``ViewController`` and `instantiateInitialViewController()` returns `nil`.
///
/// A storyboard is a name: two instances of one name instantiate the same scenes. It is
/// `Sendable`, so the coder (isolated to no actor) can hand it to a restoration class; making
/// controllers is on the main actor.
public final class Storyboard: Sendable {
    /// A scene's maker: returns a new controller each time it is called.
    public typealias Scene = @MainActor () -> ViewController

    /// A registered storyboard: its scenes and its initial scene's identifier.
    private struct Registration: Sendable {
        var initial: String?
        var scenes: [String: Scene]
        var segues: [String: [String: StoryboardSegue.Template]]
    }

    /// The registered storyboards, by name.
    private static let registrations = Mutex<[String: Registration]>([:])

    private static func registration(named name: String) -> Registration? {
        registrations.withLock { $0[name] }
    }

    /// The storyboard's name, as given to ``init(name:bundle:)``.
    public let name: String
    /// The bundle given at initialisation; nothing is loaded from it.
    public let bundle: Bundle?

    /// The storyboard named `name`, as `UIStoryboard(name:bundle:)`. When no storyboard of that
    /// name is registered, a ``Diagnostic/Kind/storyboardNotFound`` diagnostic is reported (UIKit
    /// raises) and the storyboard instantiates nothing.
    @MainActor
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        self.name = name
        bundle = storyboardBundleOrNil
        if Self.registration(named: name) == nil {
            Self.reportNotFound("no storyboard named \(name.debugDescription) is registered (Storyboard.register(name:initial:scenes:))")
        }
    }

    /// Registers the storyboard `name`: its scenes by storyboard ID, the ID of its initial scene,
    /// if any, and its segues by source scene ID, then segue identifier (``StoryboardSegue``).
    /// A second registration of a name replaces the first.
    public static func register(name: String, initial: String? = nil, scenes: [String: Scene],
                                segues: [String: [String: StoryboardSegue.Template]] = [:]) {
        registrations.withLock { $0[name] = Registration(initial: initial, scenes: scenes, segues: segues) }
    }

    /// The segue `identifier` registered for the scene `scene`.
    func segueTemplate(_ identifier: String, from scene: String) -> StoryboardSegue.Template? {
        Self.registration(named: name)?.segues[scene]?[identifier]
    }

    /// Forgets the storyboard `name`; controllers saved from it are dropped at restore.
    public static func unregister(name: String) {
        _ = registrations.withLock { $0.removeValue(forKey: name) }
    }

    /// Whether a storyboard named `name` is registered.
    public static func isRegistered(name: String) -> Bool {
        registration(named: name) != nil
    }

    /// The storyboard named `name` when one is registered, else `nil`, without a diagnostic: how
    /// the restoration layer finds a saved controller's storyboard.
    public static func registered(name: String) -> Storyboard? {
        guard registration(named: name) != nil else { return nil }
        return Storyboard(registeredName: name)
    }

    private init(registeredName: String) {
        name = registeredName
        bundle = nil
    }

    /// A new controller of the scene `identifier`, as UIKit's
    /// `instantiateViewController(withIdentifier:)`. When this storyboard or the scene is not
    /// registered, an empty ``ViewController`` and a ``Diagnostic/Kind/storyboardNotFound``
    /// diagnostic (UIKit raises).
    @MainActor
    public func instantiateViewController(withIdentifier identifier: String) -> ViewController {
        if let controller = instantiateIfRegistered(withIdentifier: identifier) { return controller }
        Self.reportNotFound(Self.registration(named: name) == nil
            ? "no storyboard named \(name.debugDescription) is registered; an empty ViewController stands for \(identifier.debugDescription)"
            : "storyboard \(name.debugDescription) has no scene \(identifier.debugDescription); an empty ViewController stands for it")
        return ViewController()
    }

    /// A new controller of the initial scene, as UIKit's `instantiateInitialViewController()`;
    /// `nil` when the storyboard has none (as in UIKit), or it or its initial scene is not
    /// registered (with a ``Diagnostic/Kind/storyboardNotFound`` diagnostic).
    @MainActor
    public func instantiateInitialViewController() -> ViewController? {
        guard let registration = Self.registration(named: name) else {
            Self.reportNotFound("no storyboard named \(name.debugDescription) is registered; it has no initial view controller")
            return nil
        }
        guard let initial = registration.initial else { return nil }
        guard let controller = instantiateIfRegistered(withIdentifier: initial) else {
            Self.reportNotFound("storyboard \(name.debugDescription) has no scene \(initial.debugDescription), its initial one")
            return nil
        }
        return controller
    }

    /// A new controller of the scene `identifier`, or `nil` without a diagnostic when this
    /// storyboard or the scene is not registered: how a restore re-makes a saved controller.
    @MainActor
    public func instantiateIfRegistered(withIdentifier identifier: String) -> ViewController? {
        guard let scene = Self.registration(named: name)?.scenes[identifier] else { return nil }
        let controller = scene()
        controller.storyboard = self
        controller.storyboardSceneIdentifier = identifier
        if controller.restorationIdentifier == nil { controller.restorationIdentifier = identifier }
        controller.awakeFromNib()
        return controller
    }

    /// Where a storyboard reports what it cannot find, when not ``Application/shared``: a test's
    /// own application, so that tests running at the same time keep their diagnostics apart.
    @TaskLocal static var diagnosticsApplication: Application?

    @MainActor
    static func reportNotFound(_ message: String) {
        (diagnosticsApplication ?? Application.shared).report(Diagnostic(kind: .storyboardNotFound, message: message))
    }
}

extension Storyboard: CustomStringConvertible {
    /// `Storyboard("Main")`.
    public var description: String { "Storyboard(\(name.debugDescription))" }
}
