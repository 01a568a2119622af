/// Counts structural changes to controller hierarchies, for whoever wants to know that the
/// saved structure may be out of date (an autosave, a test).
///
/// Every containment, presentation, selection, collapse, view load or unload, appearance change,
/// title or identifier change anywhere bumps ``structureGeneration``. Keyed values are not
/// tracked: a save asks every controller to encode, as UIKit does, so it never depends on the
/// app announcing a change.
@MainActor
public enum RestorationChanges {
    /// Bumped by every structural change to any controller hierarchy in the process.
    public private(set) static var structureGeneration: UInt64 = 0

    static func structureDidChange() {
        structureGeneration &+= 1
    }
}

extension ViewController {
    /// Does nothing; kept so code written for AppKit's `invalidateRestorableState()` compiles.
    ///
    /// Every save asks every controller that takes part to encode its state, as UIKit does, and
    /// writes only the states whose bytes changed: there is nothing to announce.
    public func invalidateRestorableState() {}
}
