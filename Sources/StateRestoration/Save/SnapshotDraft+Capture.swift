@_spi(Restoration) import ControllerKit

extension SnapshotDraft {
    /// Reads `windows` into a draft without any database: what a save would write. Tools use it
    /// to check what would survive (strict mode) and to compare hierarchies by their keyed values.
    @MainActor
    public static func capture(_ windows: [Window], registry: RestorationRegistry,
                               metadata: SnapshotMetadata = SnapshotMetadata(appVersion: "", appBuild: "")) throws(StoreError) -> SnapshotDraft {
        try captureWithControllers(windows, registry: registry, metadata: metadata).draft
    }

    /// ``capture(_:registry:metadata:)``, and beside each of its `controllers` (index for index)
    /// the controller it was read from with its `restorableStateGeneration` then: for tools that
    /// compare one capture with the next, such as strict mode's check for changes made without
    /// `invalidateRestorableState()`.
    @_spi(Restoration) @MainActor
    public static func captureWithControllers(_ windows: [Window], registry: RestorationRegistry,
                                              metadata: SnapshotMetadata = SnapshotMetadata(appVersion: "", appBuild: ""))
        throws(StoreError) -> (draft: SnapshotDraft, controllers: [CapturedController]) {
        var draft = try SnapshotCapture(registry: registry).capture(windows, metadata: metadata)
        // Read before planning, which hands them over. A capture without an earlier save is full:
        // the walk's list and the records stay index for index.
        let walked = draft.walked ?? WalkedControllers()
        try draft.plan()
        draft.fillValues()
        let controllers = zip(walked.controllers, walked.generations).map { CapturedController(controller: $0.value, generation: $1) }
        return (draft, controllers)
    }
}

/// A controller a capture read, and its `restorableStateGeneration` at that moment.
@_spi(Restoration) @MainActor
public struct CapturedController {
    /// The controller; `nil` once released.
    public weak var controller: ViewController?
    /// Its generation when captured: unchanged means no `invalidateRestorableState()` since.
    public let generation: UInt64
}
