import Foundation

/// A process, named `"<boot id> <pid> <start time>"` from `/proc` in `snapshot.restoring_process`,
/// so that another process can tell later whether it still runs: a pid alone is reused.
enum ProcessIdentity {
    static let current: String = describe(pid: getpid()) ?? "unknown \(getpid()) 0"

    /// Whether the process `identity` names runs: never for a text this library did not write or
    /// another boot's; without `/proc`, while its pid is in use, so no living app seems crashed.
    static func isRunning(_ identity: String) -> Bool {
        if identity == current { return true }
        let parts = identity.split(separator: " ")
        guard parts.count == 3, let pid = pid_t(parts[1]), pid > 0 else { return false }
        if let now = describe(pid: pid) { return now == identity }
        return parts[0] == "unknown" && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// How `pid` is described now, or `nil` when it is not running or `/proc` cannot tell.
    private static func describe(pid: pid_t) -> String? {
        guard let boot = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8),
              let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let commandEnd = stat.lastIndex(of: ")") else { return nil }
        // After the command name (which may hold spaces and parentheses): field 3 on; the start time is field 22.
        let fields = stat[stat.index(after: commandEnd)...].split(separator: " ")
        guard fields.count > 19, fields[0] != "Z", fields[0] != "X" else { return nil }
        return "\(boot.trimmingCharacters(in: .whitespacesAndNewlines)) \(pid) \(fields[19])"
    }
}
