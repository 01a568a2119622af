/// An object whose state a ``Coder`` can save by reference: encoded once however often it is
/// referenced, and restored as one instance. ``ViewController`` is one.
@MainActor
public protocol RestorableObject: AnyObject {
    /// Writes the object's state.
    func encodeRestorableState(with coder: Coder)
    /// Reads back what ``encodeRestorableState(with:)`` wrote.
    func decodeRestorableState(with coder: Coder)
    /// Called once every restored object and controller has decoded, as
    /// `UIStateRestoring.applicationFinishedRestoringState()`.
    func applicationFinishedRestoringState()
}

extension RestorableObject {
    /// Does nothing unless the object has something to do once everything decoded.
    public func applicationFinishedRestoringState() {}
}

extension ViewController: RestorableObject {}

/// A factory for one controller class at restore time, as `UIViewControllerRestoration`.
@MainActor
public protocol ViewControllerRestoration {
    /// Returns the controller for the saved `identifierComponents` path, or `nil` to refuse,
    /// which leaves out that controller's subtree.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController?
}

/// A lazy restore's decode of one controller, waiting for the controller's view to load: the
/// coder with the saved values, and what runs right after `viewDidLoad()`. A save that meets a
/// controller still waiting saves these values, as the controller has not read them yet.
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
