/// An object whose state is saved and restored with the controllers, as `UIStateRestoring`:
/// a model object a controller refers to, or one the app registers with
/// `Application.registerObject(forStateRestoration:restorationIdentifier:)`. ``ViewController``
/// adopts it, so a controller can be an object's ``restorationParent``.
///
/// Every member has a default, as in `UIStateRestoring`. Declare them in the class that adopts
/// the protocol: a subclass's own declaration is not seen through the protocol.
///
/// An object is saved once, and restores as one instance: from its ``objectRestorationClass``,
/// else the instance the app registered again, else the registry's `make` closure; it decodes
/// before any controller does (docs/behaviour.md, "The coder").
///
/// ```swift
/// final class Session: StateRestoring {
///     var userID = 0
///     weak var owner: ViewController?
///
///     var restorationParent: (any StateRestoring)? { owner }    // scopes its identifier
///     func encodeRestorableState(with coder: Coder) {
///         coder.encode(userID, forKey: "user")
///     }
///     func decodeRestorableState(with coder: Coder) {
///         userID = coder.decodeInteger(forKey: "user")
///     }
/// }
/// ```
@MainActor
public protocol StateRestoring: AnyObject {
    /// The object whose restoration path scopes this one's identifier, as
    /// `UIStateRestoring.restorationParent`: the object is saved under the parent's path followed
    /// by its identifier, which ``objectRestorationClass`` receives. `nil` (the default): the
    /// identifier alone. Controllers ignore it: their path is their place in the hierarchy.
    var restorationParent: (any StateRestoring)? { get }
    /// The factory that supplies this object at restore time, as
    /// `UIStateRestoring.objectRestorationClass`, registered with the registry under a name the
    /// save records (`register(objectRestorationClass:as:)`). Controllers use
    /// ``ViewController/restorationClass`` instead.
    var objectRestorationClass: (any ObjectRestoration.Type)? { get }
    /// Writes the object's state.
    func encodeRestorableState(with coder: Coder)
    /// Reads back what ``encodeRestorableState(with:)`` wrote.
    func decodeRestorableState(with coder: Coder)
    /// Called once every restored object and controller has decoded, as
    /// `UIStateRestoring.applicationFinishedRestoringState()`.
    func applicationFinishedRestoringState()
}

extension StateRestoring {
    public var restorationParent: (any StateRestoring)? { nil }
    public var objectRestorationClass: (any ObjectRestoration.Type)? { nil }
    public func encodeRestorableState(with coder: Coder) {}
    public func decodeRestorableState(with coder: Coder) {}
    public func applicationFinishedRestoringState() {}
}

/// The name ``StateRestoring`` had before it took UIKit's.
public typealias RestorableObject = StateRestoring

extension ViewController: StateRestoring {}

/// A factory for one class of objects at restore time, as `UIObjectRestoration`: the
/// ``StateRestoring/objectRestorationClass`` of the objects it supplies, registered with
/// `registry.register(objectRestorationClass: SessionRestoration.self, as: "SessionRestoration")`.
@MainActor
public protocol ObjectRestoration {
    /// Returns the object saved under `identifierComponents` (its restoration parent's path, then
    /// its own identifier; empty for an object saved only because something referred to it), or
    /// `nil` to leave it out (references to it then decode as `nil` with an error). `coder`, the
    /// object's saved values, goes on to its ``StateRestoring/decodeRestorableState(with:)``.
    static func object(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> (any StateRestoring)?
}

/// A factory for one controller class at restore time, as `UIViewControllerRestoration`.
@MainActor
public protocol ViewControllerRestoration {
    /// Returns the controller for the saved `identifierComponents` path, or `nil` to refuse,
    /// which leaves out that controller's subtree.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController?
}

extension ViewController {
    /// The restoration identifiers from this controller's window (when it has one) down to it, as
    /// restoration classes receive paths; `nil` when it, or a controller above it, has none.
    @_spi(Restoration)
    public var restorationIdentifierPath: [String]? {
        var components: [String] = []
        var current: ViewController? = self
        while let controller = current {
            guard let identifier = controller.restorationIdentifier, !identifier.isEmpty else { return nil }
            components.append(identifier)
            current = controller.parentLink ?? controller.presentingLink
            if current == nil, let window = controller.windowLink?.restorationIdentifier { components.append(window) }
        }
        return components.reversed()
    }
}

/// A lazy restore's decode of one controller, run right after its `viewDidLoad()`. A save that
/// meets a controller still waiting saves these values, as the controller has not read them yet.
@_spi(Restoration) @MainActor
public final class PendingRestoration {
    /// The saved values, as the restore read them.
    public let coder: Coder
    /// Decodes the controller and tells it the restore finished.
    public let run: @MainActor (ViewController) -> Void

    /// Makes a pending decode.
    public init(coder: Coder, run: @escaping @MainActor (ViewController) -> Void) {
        self.coder = coder
        self.run = run
    }
}
