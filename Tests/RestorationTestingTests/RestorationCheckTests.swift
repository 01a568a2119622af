import ControllerKit
import Foundation
import MailSample
@testable import RestorationTesting
import StateRestoration
import Testing
import TestSupport

/// A controller with a count it encodes; `decodes` says whether it reads it back.
final class Counter: ViewController {
    var count = 0
    var decodes = true
    init() { super.init(nibName: nil, bundle: nil) }
    required init?(coder: Coder) { super.init(coder: coder) }
    convenience init(_ identifier: String, count: Int, decodes: Bool = true) {
        self.init()
        restorationIdentifier = identifier
        self.count = count
        self.decodes = decodes
    }
    override func encodeRestorableState(with coder: Coder) { coder.encode(count, forKey: "count") }
    override func decodeRestorableState(with coder: Coder) {
        if decodes { count = coder.decodeInteger(forKey: "count") }
    }
}

/// A counter class whose restored instances forget their count: a decoding bug.
final class ForgetfulCounter: ViewController {
    var count = 0
    init() { super.init(nibName: nil, bundle: nil) }
    required init?(coder: Coder) { super.init(coder: coder) }
    override func encodeRestorableState(with coder: Coder) { coder.encode(count, forKey: "count") }
}

@MainActor
enum Registry {
    static func make() -> RestorationRegistry {
        let registry = MailSample.makeRegistry()
        registry.register(Counter.self, as: "Counter")
        registry.register(ForgetfulCounter.self, as: "ForgetfulCounter")
        return registry
    }
}

/// Holds controllers beyond their window, as a leaking app would.
@MainActor
enum LeakyCache {
    static var kept: [ViewController] = []
}

@MainActor
@Suite(.serialized) struct RestorationCheckTests {
    @Test func theSampleAppsEndStatePasses() {
        let report = expectRestoration(registry: Registry.make()) { window in
            MailSample.buildSessionEndState(in: window)
        }
        #expect(report.passed)
        // The fresh build's trace, with each restored controller's decode after its viewDidLoad.
        #expect(report.restoredTrace.prefix(4) == ["viewer.loadView", "viewer.viewDidLoad", "viewer.decodeRestorableState",
                                                   "viewer.applicationFinishedRestoringState"])
        #expect(report.restoredTrace.filter { !$0.contains("Restor") } == report.freshTrace)
        #expect(report.restoredValues.count == 9)
    }

    @Test func aControllerWithoutIdentifierFailsWithALineDiff() {
        let report = RestorationCheck.run(registry: Registry.make()) { window in
            let stack = NavigationController()
            stack.restorationIdentifier = "stack"
            stack.viewControllers = [Counter("list", count: 1), Counter("", count: 2)]
            stack.viewControllers.last?.restorationIdentifier = nil
            window.rootViewController = stack
        }
        #expect(!report.passed)
        #expect(report.failures.contains { $0.hasPrefix("left out of the save:\n  /stack/<Counter>: it has no restorationIdentifier") })
        let hierarchyDiff = report.failures.first { $0.hasPrefix("hierarchy: the restored window") } ?? ""
        #expect(hierarchyDiff.contains("--- fresh build\n+++ restored"))
        #expect(hierarchyDiff.contains("-    └─ Counter [stack 1, top] view loaded appeared"))
        #expect(hierarchyDiff.contains("+    └─ Counter [stack 0, top] id=\"list\" view loaded appeared"))
        let traceDiff = report.failures.first { $0.hasPrefix("lifecycle trace of showing the window:") } ?? ""
        #expect(traceDiff.contains("- Counter.wA") && traceDiff.contains("+ list.wA"))
    }

    @Test func aDecodingBugShowsAsAValueDiff() {
        let report = RestorationCheck.run(registry: Registry.make()) { window in
            let forgetful = ForgetfulCounter()
            forgetful.restorationIdentifier = "forgetful"
            forgetful.count = 5
            window.rootViewController = forgetful
        }
        #expect(report.failures.count == 1)
        #expect(report.failures.first == """
            keyed values: the restored window does not match a fresh build:
            --- fresh build
            +++ restored
            - /forgetful ForgetfulCounter {count=integer(5)}
            + /forgetful ForgetfulCounter {count=integer(0)}
            """)
    }

    @Test func aControllerThatOutlivesItsWindowIsReported() {
        LeakyCache.kept.removeAll()
        let report = RestorationCheck.run(registry: Registry.make()) { window in
            let counter = Counter("kept", count: 1)
            LeakyCache.kept.append(counter)
            window.rootViewController = counter
        }
        LeakyCache.kept.removeAll()
        // The first build's counter is held by the cache; the second (fresh) build's is too,
        // but only the saved hierarchy is checked for release.
        #expect(report.leakedControllers == [#"Counter(id: "kept")"#])
        #expect(report.failures.first?.hasPrefix("not released after the saved hierarchy was torn down") == true)
    }

    @Test func aFailureIsRecordedAsATestIssueWithTheDiff() {
        withKnownIssue {
            expectRestoration(registry: Registry.make()) { window in
                let forgetful = ForgetfulCounter()
                forgetful.restorationIdentifier = "forgetful"
                forgetful.count = 5
                window.rootViewController = forgetful
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("- /forgetful ForgetfulCounter {count=integer(5)}") }
        }
        #expect(FailureReporter.current == .swiftTesting)
    }

    @Test func aSaveInAChildProcessRestoresHere() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("child.sqlite").path
        let output = try ProcessDeath.saveInChildProcess(executable: PackageRoot.builtProduct("navstate-test-helper"), databasePath: path)
        #expect(output.contains("saved snapshot 1: 9 controllers"))
        let report = RestorationCheck.compare(restoringFrom: path, registry: Registry.make()) { window in
            MailSample.buildSessionEndState(in: window)
        }
        #expect(report.passed, "\(report)")
    }

    @Test func navigationAfterShowingIsSavedAndComparedWithWhatWasSaved() {
        // The user changes the count after the window shows; the expected state, built fresh,
        // agrees with the forgetful restore, so only the saved values tell the loss.
        let report = RestorationCheck.run(registry: Registry.make(), build: { window in
            let forgetful = ForgetfulCounter()
            forgetful.restorationIdentifier = "forgetful"
            window.rootViewController = forgetful
        }, afterShowing: { window in
            (window.rootViewController as? ForgetfulCounter)?.count = 5
        }, expecting: { window in
            let forgetful = ForgetfulCounter()
            forgetful.restorationIdentifier = "forgetful"
            window.rootViewController = forgetful
        }, inspectingRestored: { window in
            #expect((window.rootViewController as? ForgetfulCounter)?.count == 0)
        })
        #expect(report.savedValues == ["/forgetful ForgetfulCounter {count=integer(5)}"])
        #expect(report.failures == ["""
            keyed values: the restored window does not hold what was saved:
            --- saved
            +++ restored
            - /forgetful ForgetfulCounter {count=integer(5)}
            + /forgetful ForgetfulCounter {count=integer(0)}
            """])
    }

    @Test func aRestoreSendsContainmentCallsOnly() {
        let report = RestorationCheck.run(registry: Registry.make()) { window in
            let stack = NavigationController()
            stack.restorationIdentifier = "stack"
            stack.viewControllers = [Counter("list", count: 1), Counter("detail", count: 2)]
            window.rootViewController = stack
        }
        #expect(report.passed, "\(report)")
        #expect(!report.restoreTrace.isEmpty)
        #expect(report.restoreTrace.allSatisfy { $0.contains(".wM(") || $0.contains(".dM(") })
    }

    @Test func aDecodeAnywhereButRightAfterItsViewDidLoadIsReported() {
        #expect(RestorationCheck.misplacedDecodes(in: ["a.loadView", "a.viewDidLoad", "a.decodeRestorableState",
                                                       "a.applicationFinishedRestoringState", "a.wA"]) == [])
        #expect(RestorationCheck.misplacedDecodes(in: ["a.viewDidLoad", "a.wA", "a.decodeRestorableState",
                                                       "b.applicationFinishedRestoringState"]) == [
            "a.decodeRestorableState does not come right after a.viewDidLoad",
            "b.applicationFinishedRestoringState does not come right after b.decodeRestorableState",
        ])
    }

    @Test func theLineDiffShowsContextAndFoldsTheRest() {
        let expected = (1...12).map { "line \($0)" }
        var actual = expected
        actual[5] = "changed"
        #expect(LineDiff.unified(expected: expected, actual: actual) == """
            --- expected
            +++ actual
              line 4
              line 5
            - line 6
            + changed
              line 7
              line 8
            """)
        #expect(LineDiff.unified(expected: expected, actual: expected) == nil)
    }
}
