import Foundation

/// Makes a new store file whole or not at all (docs/behaviour.md §8.5): of several processes
/// creating one file at once, one link wins.
enum StoreFileCreation {
    /// The longest name the -wal file beside a database can extend by its suffix.
    private static let longestName = Int(NAME_MAX) - "-wal".utf8.count
    private static let scratchPrefix = ".navstate-"

    /// Creates the database at `path` with every migration applied, unless a file is there.
    static func createIfMissing(at path: String) throws(StoreError) {
        guard !FileManager.default.fileExists(atPath: path) else { return }
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        guard name.utf8.count <= longestName else {
            throw StoreError.database(DatabaseError(
                resultCode: 14, message: "the file name is \(name.utf8.count) bytes; SQLite's -wal file beside it needs it to be at most \(longestName)",
                path: path))
        }
        let directory = url.deletingLastPathComponent()
        removeAbandonedScratchFiles(in: directory)
        // Short, so that its own -wal name fits wherever the final name's does; named by the
        // process, so that a later creation can tell it was abandoned.
        let scratch = directory.appendingPathComponent("\(scratchPrefix)\(getpid())-\(UInt32.random(in: .min ... .max)).new").path
        defer { Database.removeFiles(atPath: scratch) }
        try StoreError.wrapping(path: path) {
            // Closed before linking: the connection's last close folds the -wal into the file.
            do {
                let database = try Database(path: scratch, mode: .readWrite)
                try Migrator.migrate(database)
            } catch let error as DatabaseError {
                // Named by the file asked for: the scratch file is ours, not the caller's.
                throw DatabaseError(resultCode: error.resultCode, message: error.message, sql: error.sql, path: path)
            }
            guard link(scratch, path) == 0 || errno == EEXIST else {
                throw DatabaseError(resultCode: 14, message: "cannot create the file: \(String(cString: strerror(errno)))", path: path)
            }
        }
    }

    /// Deletes the scratch files, SQLite's beside them included, whose creating process is gone.
    private static func removeAbandonedScratchFiles(in directory: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(scratchPrefix) && name.contains(".new") {
            guard let pid = pid_t(name.dropFirst(scratchPrefix.count).prefix { $0.isNumber }), pid > 0,
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
