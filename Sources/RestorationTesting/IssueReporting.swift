import Testing
import XCTest

/// The caller's location in both testing libraries' forms. Built from the compiler's own
/// literals, so callers need not import Testing (XCTest callers do not).
public struct CallSite: Sendable {
    let fileID: String
    let filePath: StaticString
    let line: Int
    let column: Int

    /// Captures the caller's location; pass the literals through from your own helpers.
    public init(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: "\(filePath)", line: line, column: column)
    }
}

/// Where a failed check goes: a Swift Testing issue inside a Swift Testing test, an `XCTFail`
/// inside an XCTest test case.
public enum FailureReporter: Sendable {
    case swiftTesting
    case xcTest

    /// The reporter for the test that is running now.
    public static var current: FailureReporter {
        Test.current != nil ? .swiftTesting : .xcTest
    }

    /// Records `message` as a failure at `site`.
    public func record(_ message: String, at site: CallSite) {
        switch self {
        case .swiftTesting:
            Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
        case .xcTest:
            XCTFail(message, file: site.filePath, line: UInt(site.line))
        }
    }
}
