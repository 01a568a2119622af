/// An object whose state a ``Coder`` can save by reference: encoded once however often it is
/// referenced, and restored as one instance. ``ViewController`` is one.
@MainActor
public protocol RestorableObject: AnyObject {
    /// Writes the object's state.
    func encodeRestorableState(with coder: Coder)
    /// Reads back what ``encodeRestorableState(with:)`` wrote.
    func decodeRestorableState(with coder: Coder)
}

extension ViewController: RestorableObject {}

/// A factory for one controller class at restore time, as `UIViewControllerRestoration`.
@MainActor
public protocol ViewControllerRestoration {
    /// Returns the controller for the saved `identifierComponents` path, or `nil` to refuse,
    /// which leaves out that controller's subtree.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: Coder) -> ViewController?
}
