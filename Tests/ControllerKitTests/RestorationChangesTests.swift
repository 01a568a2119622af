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

        // Alternating: repeated calls by one controller in a row take one entry.
        for _ in 0..<2_500 {
            second.invalidateRestorableState()
            first.invalidateRestorableState()
        }
        #expect(RestorationChanges.controllersInvalidated(after: start) == nil, "dropped from the log")
        let recent = RestorationChanges.stateGeneration
        first.invalidateRestorableState()
        #expect(RestorationChanges.controllersInvalidated(after: recent) == [ObjectIdentifier(first)])
    }

    /// A restore's property setters invalidate a controller once per value decoded: calls in a
    /// row by one controller are one entry, listed for every generation before the last call.
    @Test func callsInARowByOneControllerAreOneEntryListedForAnyEarlierGeneration() {
        let first = ViewController(), second = ViewController()
        let start = RestorationChanges.stateGeneration
        for _ in 0..<3 { first.invalidateRestorableState() }
        second.invalidateRestorableState()
        for _ in 0..<2 { second.invalidateRestorableState() }
        first.invalidateRestorableState()
        #expect(RestorationChanges.stateGeneration == start + 7)
        #expect(RestorationChanges.controllersInvalidated(after: start)
                == [ObjectIdentifier(first), ObjectIdentifier(second), ObjectIdentifier(first)])
        // Seen in the middle of a run: the rest of the run is still listed.
        #expect(RestorationChanges.controllersInvalidated(after: start + 1)
                == [ObjectIdentifier(first), ObjectIdentifier(second), ObjectIdentifier(first)])
        #expect(RestorationChanges.controllersInvalidated(after: start + 4) == [ObjectIdentifier(second), ObjectIdentifier(first)])
        #expect(RestorationChanges.controllersInvalidated(after: start + 5) == [ObjectIdentifier(second), ObjectIdentifier(first)])
        #expect(RestorationChanges.controllersInvalidated(after: start + 6) == [ObjectIdentifier(first)])
        #expect(RestorationChanges.controllersInvalidated(after: start + 7) == [])
        // Thousands of calls in a row keep the log short: what came before is still listed.
        for _ in 0..<5_000 { second.invalidateRestorableState() }
        #expect(RestorationChanges.controllersInvalidated(after: start)
                == [ObjectIdentifier(first), ObjectIdentifier(second), ObjectIdentifier(first), ObjectIdentifier(second)])
    }
}
