import Foundation
import Testing
import TestSupport

/// A value far larger than the format allows is reported from its length, never read: the
/// inspectors run in 250 MB of address space beside a 300 MB payload (they peaked at 614 MB
/// when they read it).
@Suite struct OversizedValueTests {
    @Test func inspectorsReportAHugePayloadWithoutReadingIt() throws {
        let directory = try CLI.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try tamper(path: directory.appendingPathComponent("cli.sqlite").path,
                   "UPDATE payload SET bytes = zeroblob(300000000) WHERE hash = (SELECT payload_hash FROM controller WHERE path = '/tabs/search' LIMIT 1)",
                   rechecksum: false)
        // The payload is snapshot 1's only.
        for command in ["verify cli.sqlite", "tree cli.sqlite --snapshot 1", "list cli.sqlite"] {
            let bounded = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"),
                                               ["-c", "ulimit -v 250000 && exec \"$0\" \(command)", PackageRoot.builtProduct("navstate").path], in: directory)
            let printed = bounded.output + bounded.error
            #expect(bounded.status == 1, "\(command): \(printed.suffix(400))")
            #expect(printed.contains("holds 300000000 bytes, more than the 16777216 allowed") || printed.contains("damaged"),
                    "\(command): \(printed.suffix(400))")
        }
    }
}
