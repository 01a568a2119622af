import ControllerKit
import Foundation

/// One saved restorable object other than a controller.
public struct ObjectRecord: Sendable, Hashable {
    /// Unique within its snapshot, in the same numbering as controllers.
    public var id: Int
    /// The identifier the app registered it under; `nil` when saved only as a controller's reference.
    public var identifier: String?
    /// Its registered class name.
    public var className: String
    /// Its registered class version.
    public var classVersion: Int
    /// The keyed values it wrote.
    public var values: [String: CodedValue]
}

/// What a snapshot says about itself (docs/behaviour.md).
public struct SnapshotMetadata: Sendable, Hashable {
    /// When it was saved.
    public var createdAt: Date
    /// The app's version string.
    public var appVersion: String
    /// The app's build string.
    public var appBuild: String
    /// The schema version it was written with.
    public var schemaVersion: Int
    /// The platform that wrote it.
    public var platform: String
    /// A free-form label.
    public var label: String

    /// Makes metadata; `platform` defaults to this machine's.
    public init(createdAt: Date = Date(), appVersion: String, appBuild: String,
                schemaVersion: Int = Migrator.latestVersion, platform: String = SnapshotMetadata.currentPlatform,
                label: String = "") {
        self.createdAt = createdAt
        self.appVersion = appVersion
        self.appBuild = appBuild
        self.schemaVersion = schemaVersion
        self.platform = platform
        self.label = label
    }

    /// The operating system and architecture of this process.
    public static var currentPlatform: String {
        #if os(Linux)
        let system = "Linux"
        #elseif os(macOS)
        let system = "macOS"
        #else
        let system = "unknown"
        #endif
        #if arch(x86_64)
        return system + " x86_64"
        #elseif arch(arm64)
        return system + " arm64"
        #else
        return system
        #endif
    }
}

/// A whole snapshot, as read back.
public struct Snapshot: Sendable, Hashable {
    /// Its id in the database.
    public var id: Int64
    /// Its metadata.
    public var metadata: SnapshotMetadata
    /// How many windows it holds.
    public var windowCount: Int
    /// Its controllers, parents before children.
    public var controllers: [ControllerRecord]
    /// The other objects its controllers reference, and those the app registered.
    public var objects: [ObjectRecord]
    /// The keys the app's delegate wrote (`application(_:willEncodeRestorableStateWith:)`).
    public var applicationValues: [String: CodedValue]

    /// What the app-level coder holds at restore: the metadata under `Application`'s restoration
    /// keys (build, time, system, a phone's idiom), then the keys the app wrote, which win.
    public var applicationCoderValues: [String: CodedValue] {
        [Application.stateRestorationBundleVersionKey: .string(metadata.appBuild),
         Application.stateRestorationTimestampKey: .date(metadata.createdAt),
         Application.stateRestorationSystemVersionKey: .string(metadata.platform),
         Application.stateRestorationUserInterfaceIdiomKey: .integer(Int64(UserInterfaceIdiom.phone.rawValue))]
            .merging(applicationValues) { $1 }
    }
}
