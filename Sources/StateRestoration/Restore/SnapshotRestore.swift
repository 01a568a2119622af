import ControllerKit

/// Restores an already loaded snapshot without touching any database, as tools replay one and as
/// ``RestorationStore/restore(into:registry:policy:timing:now:)`` does within its crash mark.
public enum SnapshotRestore {
    /// Rebuilds `loaded` into hidden `windows`; the report's drops include the rows the reader refused.
    @MainActor
    public static func restore(_ loaded: LoadedSnapshot, into windows: [Window], registry: RestorationRegistry,
                               timing: RestoreTiming = .eager) -> RestoreReport {
        var restorer = Restorer(registry: registry, loaded: loaded, windows: windows, timing: timing)
        var report = restorer.run()
        let reported = Set(report.dropped.map(\.path))
        for problem in loaded.problems where problem.reason.dropsController && !reported.contains(problem.path) {
            report.dropped.append(.init(path: problem.path, className: "?", reason: problem.reason.description))
        }
        report.warnings += loaded.problems.filter { !$0.reason.dropsController }.map(\.description)
        return report
    }
}
