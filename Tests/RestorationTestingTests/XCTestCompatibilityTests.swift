import ControllerKit
import MailSample
import RestorationTesting
import XCTest

/// The kit from XCTest: failures route to `XCTFail` there. (Synchronous `@MainActor` XCTest
/// tests abort on Linux, so this one is async and hops to the main actor.)
final class XCTestCompatibilityTests: XCTestCase {
    func testTheKitRunsUnderXCTestAndRoutesFailuresToXCTFail() async {
        let passed = await MainActor.run {
            XCTAssertEqual(FailureReporter.current, .xcTest)
            return expectRestoration(registry: MailSample.makeRegistry()) { window in
                MailSample.buildSessionEndState(in: window)
            }.passed
        }
        XCTAssertTrue(passed)
    }
}
