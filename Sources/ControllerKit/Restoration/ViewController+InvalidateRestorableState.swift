extension ViewController {
    /// Does nothing; kept so code written for AppKit's `invalidateRestorableState()` compiles.
    ///
    /// Every save asks every controller that takes part to encode its state, as UIKit does, and
    /// writes only the states whose bytes changed: there is nothing to announce.
    public func invalidateRestorableState() {}
}
