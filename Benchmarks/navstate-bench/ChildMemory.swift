import Foundation

/// Peak memory of one operation, measured in a child process: `ru_maxrss` of a child that does
/// the set-up and the operation, minus that of a child that does the set-up alone. In-process
/// peaks are useless here: freed heap is reused without touching new pages.
enum ChildMemory {
    /// The peak resident set of `navstate-bench arguments`, in KiB.
    static func peakKilobytes(_ arguments: [String]) -> Int? {
        let executable = CommandLine.arguments[0]
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, nil, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { return nil }
        return usage.ru_maxrss
    }

    /// What `operation` adds to the peak over `baseline`, in KiB.
    static func rise(operation: [String], baseline: [String]) -> Int? {
        guard let with = peakKilobytes(operation), let without = peakKilobytes(baseline) else { return nil }
        return max(0, with - without)
    }
}
