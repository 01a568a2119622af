import Foundation

/// A fresh directory per test, removed when the value goes away.
///
/// ```swift
/// let directory = TemporaryDirectory()
/// let store = try RestorationStore(path: directory.path())
/// ```
public final class TemporaryDirectory {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the directory.
    public func path(_ name: String = "state.sqlite") -> String {
        url.appendingPathComponent(name).path
    }

    /// The bytes of `path` and of its WAL (where SQLite keeps recent writes), to prove a file was
    /// not changed. An empty WAL holds nothing and counts as none: a read-only SQLite connection
    /// creates its empty `-wal` and `-shm` side files as part of WAL locking.
    public static func fingerprint(_ path: String) -> [Data?] {
        let wal = FileManager.default.contents(atPath: path + "-wal")
        return [FileManager.default.contents(atPath: path), wal?.isEmpty == true ? nil : wal]
    }
}
