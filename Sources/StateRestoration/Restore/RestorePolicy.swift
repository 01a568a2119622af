import Foundation

/// When a restore refuses a snapshot, as UIKit refuses state from another app version (docs/behaviour.md §4.1).
///
/// ```swift
/// let report = try store.restore(into: window, registry: registry,
///                                policy: RestorePolicy(requiresSameAppVersion: true, maximumAge: 7 * 86_400))
/// ```
public struct RestorePolicy: Sendable, Hashable {
    /// Refuse a snapshot saved by another app version than the store's ``StoreConfiguration/appVersion``.
    public var requiresSameAppVersion: Bool
    /// Refuse a snapshot older than this many seconds; `nil` accepts any age.
    public var maximumAge: TimeInterval?

    /// Makes a policy; the default accepts every snapshot.
    public init(requiresSameAppVersion: Bool = false, maximumAge: TimeInterval? = nil) {
        self.requiresSameAppVersion = requiresSameAppVersion
        self.maximumAge = maximumAge
    }

    /// Why `metadata` is refused at `now` by an app at `appVersion`, or `nil` when it is accepted.
    func refusal(of metadata: SnapshotMetadata, appVersion: String, now: Date) -> String? {
        if requiresSameAppVersion, metadata.appVersion != appVersion {
            return "it was saved by app version \(metadata.appVersion), not \(appVersion)"
        }
        if let maximumAge, now.timeIntervalSince(metadata.createdAt) > maximumAge {
            return "it is \(Int(now.timeIntervalSince(metadata.createdAt))) seconds old, more than the \(Int(maximumAge)) allowed"
        }
        return nil
    }
}
