import Foundation

/// Edits the database at `path` with `sql` as a hand-edited file would be, in the test helper
/// (`navstate-test-helper tamper`): the schema's checks off, then, with `rechecksum`, every
/// checksum rewritten so that the checks behind them are reached.
///
/// ```swift
/// try tamper(path: path, "UPDATE controller SET position = -1 WHERE node_id = 2")
/// ```
public func tamper(path: String, _ sql: String, rechecksum: Bool = true) throws {
    let run = try ChildProcess.runHelper(["tamper", path, sql] + (rechecksum ? ["rechecksum"] : []))
    guard run.succeeded else { throw TamperingFailed(output: run.output + run.error) }
}

/// The helper could not apply a tampering.
public struct TamperingFailed: Error {
    public let output: String
}
