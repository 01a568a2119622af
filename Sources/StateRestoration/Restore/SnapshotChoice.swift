import Foundation

/// Which snapshot a restore takes, chosen and loaded in one read transaction (docs/behaviour.md §4.1).
struct SnapshotChoice {
    /// Every snapshot seen, newest first: what the crash marks are written against.
    var summaries: [SnapshotSummary] = []
    var skipped: [RestoreReport.Skipped] = []
    var chosen: (summary: SnapshotSummary, loaded: LoadedSnapshot)?
    /// Why none is taken although a snapshot is left.
    var refusal: String?

    /// Chooses among the snapshots of scene session `session` as a store with `configuration` restores at `now`.
    static func choose(in database: Database, session: String, policy: RestorePolicy, configuration: StoreConfiguration,
                       now: Date) throws -> SnapshotChoice {
        try database.inReadTransaction {
            var choice = SnapshotChoice(summaries: try SnapshotReader.summaries(database, sizes: false, session: session))
            let candidate = choice.summaries.first { summary in
                guard let reason = Probation.reasonToPassOver(summary.marks, quarantineAt: configuration.quarantineStrikes,
                                                               period: configuration.probationPeriod) else { return true }
                choice.skipped.append(.init(snapshotID: summary.id, reason: reason))
                return false
            }
            guard let candidate else { return choice }
            if candidate.controllerCount == 0 {
                choice.refusal = "snapshot \(candidate.id) holds no controller (it was saved with nothing to save)"
            } else if let refusal = policy.refusal(of: candidate.metadata, appVersion: configuration.appVersion, now: now) {
                choice.refusal = "snapshot \(candidate.id): \(refusal)"
            } else {
                choice.chosen = (candidate, try SnapshotReader.load(candidate, from: database))
            }
            return choice
        }
    }
}
