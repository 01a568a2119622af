import Foundation

/// How many threads the parallel paths use: the processors this process may run on, read once.
/// Foundation reads the active processor count from the system on every call (cgroup and /proc
/// files on Linux), which cost a sixtieth of a restore when asked per batch (perf).
///
/// The count is also bounded by the process's affinity mask, which Foundation's count ignores: a
/// process held to one processor (`taskset`, a container's cpuset) that started a worker anyway
/// only traded batches between two threads taking turns on that processor (a restore of 1,000
/// controllers 3% to 5% slower than on one thread).
let parallelThreadCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, processorsInAffinity() ?? .max))

/// The processors this process's affinity mask allows, as Linux lists them in `/proc/self/status`
/// (`Cpus_allowed_list`, ranges such as `0-3,8`), or `nil` where there is no such list or it
/// does not read as one. (`sched_getaffinity`, a GNU extension, is not among the C functions
/// Swift imports here.)
func processorsInAffinity(status: String? = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) -> Int? {
    guard let status,
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else { return nil }
    var count = 0
    for range in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",", omittingEmptySubsequences: false) {
        let bounds = range.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        switch bounds.count {
        case 1:
            guard bounds[0] != nil else { return nil }
            count += 1
        case 2:
            guard let low = bounds[0], let high = bounds[1], low <= high else { return nil }
            count += high - low + 1
        default:
            return nil
        }
    }
    return count > 0 ? count : nil
}
