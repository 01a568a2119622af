import Foundation

/// When a restore refuses a snapshot, as UIKit refuses state from another app version.
public struct RestorePolicy: Sendable, Hashable {
    /// Refuse a snapshot saved by another app version than this one; `nil` accepts any.
    public var requiredAppVersion: String?
    /// Refuse a snapshot older than this many seconds; `nil` accepts any age.
    public var maximumAge: TimeInterval?

    /// Makes a policy; the default accepts every snapshot.
    public init(requiredAppVersion: String? = nil, maximumAge: TimeInterval? = nil) {
        self.requiredAppVersion = requiredAppVersion
        self.maximumAge = maximumAge
    }

    /// Why `metadata` is refused at `now`, or `nil` when it is accepted.
    func refusal(of metadata: SnapshotMetadata, now: Date) -> String? {
        if let requiredAppVersion, metadata.appVersion != requiredAppVersion {
            return "it was saved by app version \(metadata.appVersion), not \(requiredAppVersion)"
        }
        if let maximumAge, now.timeIntervalSince(metadata.createdAt) > maximumAge {
            return "it is \(Int(now.timeIntervalSince(metadata.createdAt))) seconds old, more than the \(Int(maximumAge)) allowed"
        }
        return nil
    }
}
