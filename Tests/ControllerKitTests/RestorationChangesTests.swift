import ControllerKit
import Testing

/// The log of invalidations an incremental save reads instead of checking every controller.
@MainActor
@Suite struct RestorationChangesTests {
    @Test func theLogListsInvalidationsAfterAGenerationInOrderUntilItOverflows() {
        let first = ViewController(), second = ViewController()
        let start = RestorationChanges.stateGeneration
        #expect(RestorationChanges.controllersInvalidated(after: start) == [])
        first.invalidateRestorableState()
        second.invalidateRestorableState()
        first.invalidateRestorableState()
        #expect(RestorationChanges.stateGeneration == start + 3)
        #expect(RestorationChanges.controllersInvalidated(after: start)
                == [ObjectIdentifier(first), ObjectIdentifier(second), ObjectIdentifier(first)])
        #expect(RestorationChanges.controllersInvalidated(after: start + 2) == [ObjectIdentifier(first)])
        #expect(RestorationChanges.controllersInvalidated(after: start + 3) == [])
        #expect(RestorationChanges.controllersInvalidated(after: start + 4) == nil, "a generation not reached yet")

        for _ in 0..<5_000 { second.invalidateRestorableState() }
        #expect(RestorationChanges.controllersInvalidated(after: start) == nil, "dropped from the log")
        let recent = RestorationChanges.stateGeneration
        first.invalidateRestorableState()
        #expect(RestorationChanges.controllersInvalidated(after: recent) == [ObjectIdentifier(first)])
    }
}
