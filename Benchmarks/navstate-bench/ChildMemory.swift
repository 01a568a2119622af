import Foundation

/// Peak memory of one operation, measured in a child process: the peak of a child that does the
/// set-up and the operation, minus that of a child that does the set-up alone. In-process peaks
/// are useless here (freed heap is reused without touching new pages), and so is the rusage of a
/// spawned child, which carries the parent's high-water mark across `exec`: each child reports
/// `VmHWM` of its own address space instead.
enum ChildMemory {
    /// The peak resident set of `navstate-bench arguments`, in KiB, as the child reports it.
    static func peakKilobytes(_ arguments: [String]) -> Int? {
        childOutput(arguments)?.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    /// What `operation` adds to the peak over `baseline`, in KiB.
    static func rise(operation: [String], baseline: [String]) -> Int? {
        guard let with = peakKilobytes(operation), let without = peakKilobytes(baseline) else { return nil }
        return max(0, with - without)
    }

    /// This process's peak resident set (`VmHWM`), in KiB.
    static func ownPeakKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        }
        return 0
    }
}

/// What `navstate-bench arguments`, run as a child process, printed, if it exited with 0.
func childOutput(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 ? text : nil
}
