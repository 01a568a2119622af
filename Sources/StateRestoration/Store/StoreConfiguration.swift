/// How a store saves: what the snapshots say about the app, and how many are kept.
public struct StoreConfiguration: Sendable, Hashable {
    /// The app's version string, recorded in every snapshot and checked by version policies.
    public var appVersion: String
    /// The app's build string.
    public var appBuild: String
    /// How many snapshots to keep of each scene session; each save prunes the older. At least 1.
    public var keepCount: Int
    /// When restores load views and decode, unless a restore says otherwise; UIKit's eager unless told.
    public var restoreTiming: RestoreTiming
    /// How long after a restore the launch counts as good by itself (docs/behaviour.md §4.2); 10 s unless told.
    public var probationPeriod: Duration?
    /// How many processes may die on probation with a snapshot before its quarantine (docs/behaviour.md §4.2); 2, at least 1.
    public var quarantineStrikes: Int
    /// How long a write waits for another process's lock (docs/behaviour.md §8.1); 5 s unless told.
    public var busyTimeout: Duration

    /// Makes a configuration.
    public init(appVersion: String = "1.0", appBuild: String = "1", keepCount: Int = 3,
                restoreTiming: RestoreTiming = .eager, probationPeriod: Duration? = .seconds(10), quarantineStrikes: Int = 2,
                busyTimeout: Duration = .milliseconds(Database.busyTimeoutMilliseconds)) {
        self.busyTimeout = busyTimeout
        self.restoreTiming = restoreTiming
        self.probationPeriod = probationPeriod
        self.quarantineStrikes = max(quarantineStrikes, 1)
        self.appVersion = appVersion
        self.appBuild = appBuild
        self.keepCount = max(keepCount, 1)
    }
}

extension Duration {
    /// Whole milliseconds, 0 when negative, `Int64.max` when more than it holds.
    var wholeMilliseconds: Int64 {
        let milliseconds = self / .milliseconds(1)
        return milliseconds < Double(Int64.max) ? Int64(max(0, milliseconds)) : .max
    }
}
