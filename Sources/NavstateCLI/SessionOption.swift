import ArgumentParser
import StateRestoration

/// `--session ID`: the scene session whose snapshots a command reads.
struct SessionOption: ParsableArguments {
    @Option(name: .long, help: "A scene session's identifier, as `navstate sessions` shows it (default: every session's snapshots).")
    var session: String?

    func validate() throws {
        if session?.isEmpty == true { throw ValidationError("--session needs an identifier; `navstate sessions DB` lists them") }
    }

    /// The snapshots of the session, newest first, or `nil` without `--session`; fails on an
    /// unknown session.
    func snapshots(in inspector: SnapshotInspector) throws -> [SnapshotSummary]? {
        guard let session else { return nil }
        return try reportingErrors { try inspector.snapshots(session: session) }
    }

    /// The snapshot to read: `id` (which must be the session's, with `--session`), else the
    /// newest of the session, else `nil` for the newest of the file.
    func snapshotID(_ id: Int64?, in inspector: SnapshotInspector) throws -> Int64? {
        guard let session, let summaries = try snapshots(in: inspector) else { return id }
        if let id {
            guard summaries.contains(where: { $0.id == id }) else {
                throw Terminal.fail("\(inspector.path): snapshot \(id) is not a snapshot of session \(session); "
                                    + "`navstate list DB --session \(session)` lists them")
            }
            return id
        }
        guard let newest = summaries.first else { throw Terminal.fail("\(inspector.path): session \(session) holds no snapshot") }
        return newest.id
    }
}
