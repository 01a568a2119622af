import ControllerKit
import Foundation
import MailSample
import RestorationTesting
import StateRestoration
import Testing

/// Autosave under SIGKILL: a child navigates at random with autosave on (every 20 ms) and is
/// killed at random moments, 30 times. Each restore must be a state the child really was in
/// (its paths as announced for that step), and no older than the child's last completed save.
@Suite struct AutosaveKillTests {
    @Test func aKilledAutosavingAppRestoresARecentConsistentState() async throws {
        var random = SeededRandomNumberGenerator(seed: 33)
        var behind: [Int] = []
        for kill in 1...30 {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("autosave-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("state.sqlite").path
            let child = try Child(["autosave-walk", path, String(kill)])
            let savesFirst = Int.random(in: 2...6, using: &random)
            let linesAfter = Int.random(in: 0...15, using: &random)
            var states: [Int: [String]] = [:]
            var lastSaved = -1
            var lastStep = 0
            var saves = 0
            var after = 0
            while let line = child.nextLine() {
                let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
                if parts.first == "state", parts.count >= 2, let step = Int(parts[1]) {
                    states[step] = parts.count > 2 ? parts[2].split(separator: ",").map(String.init).sorted() : []
                    lastStep = step
                } else if parts.first == "saved", let step = Int(parts[1]) {
                    lastSaved = step
                    saves += 1
                }
                if saves >= savesFirst {
                    after += 1
                    if after > linesAfter { break }
                }
            }
            child.kill()
            #expect(saves >= savesFirst, "kill \(kill): the child stopped early")
            try await MainActor.run {
                let store = try RestorationStore(path: path, configuration: StoreConfiguration(probationPeriod: nil))
                let window = Window(application: Application())
                let report = try store.restore(into: window, registry: MailSample.makeRegistry())
                let inbox = (window.rootViewController as? TabBarController)?.viewControllers?.first as? NavigationController
                let mailboxes = inbox?.viewControllers.first as? MailboxListController
                let step = Int(mailboxes?.scrollOffset ?? -1)
                #expect(step >= lastSaved, "kill \(kill): restored step \(step), older than the last completed save, step \(lastSaved)")
                #expect(states[step] == report.restored.sorted(), "kill \(kill): restored step \(step) is not the state the child was in")
                behind.append(lastStep - step)
            }
        }
        print("autosave kill test: 30 kills; the restored state was \(behind.min() ?? 0) to \(behind.max() ?? 0) steps behind the last step announced (a step every 1 to 4 ms)")
    }
}
