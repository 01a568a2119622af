import Foundation

/// A process, named so that another process can tell later whether it is still running:
/// `"<boot id> <pid> <start time>"`, as Linux gives them in `/proc`, written with a crash mark or
/// a probation (`snapshot.restoring_process`). A process id alone is reused; with the start time
/// and the boot it is not.
enum ProcessIdentity {
    /// This process.
    static let current: String = describe(pid: getpid()) ?? "unknown \(getpid()) 0"

    /// Whether the process `identity` names is running. A text this library did not write, or a
    /// process of another boot, is not running; a process this library cannot look at (no
    /// `/proc`) is taken as running when its id is in use, so that a living app is never taken
    /// for a crashed one.
    static func isRunning(_ identity: String) -> Bool {
        if identity == current { return true }
        let parts = identity.split(separator: " ")
        guard parts.count == 3, let pid = pid_t(parts[1]), pid > 0 else { return false }
        if let now = describe(pid: pid) { return now == identity }
        guard parts[0] == "unknown" else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// How `pid` is described now, or `nil` when it is not running or `/proc` cannot tell.
    private static func describe(pid: pid_t) -> String? {
        guard let boot = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8),
              let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let commandEnd = stat.lastIndex(of: ")") else { return nil }
        // After the command name (which may hold spaces and parentheses): field 3 onwards; the
        // start time is field 22.
        let fields = stat[stat.index(after: commandEnd)...].split(separator: " ")
        guard fields.count > 19, fields[0] != "Z", fields[0] != "X" else { return nil }
        return "\(boot.trimmingCharacters(in: .whitespacesAndNewlines)) \(pid) \(fields[19])"
    }
}
