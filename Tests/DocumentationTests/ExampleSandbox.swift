import ControllerKit
import Foundation
import Testing

/// Where a doc's examples run: with `stateFile` in a fresh temporary directory, removed
/// afterwards, and with `Application.shared` left as it was found.
///
/// Examples show windows in `Application.shared`, as an app does. Windows they leave shown are
/// hidden afterwards, so that the next doc, and any test of this process that looks at the shared
/// application, starts from the windows it expects. Unless an example awaits, the examples run on
/// the main actor without suspending, so nothing else sees the shared application meanwhile.
enum ExampleSandbox {
    @MainActor
    static func run(sourceLocation: SourceLocation = #_sourceLocation,
                    _ examples: @MainActor (_ stateFile: String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "navstate-doc-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let application = Application.shared
        let windowsBefore = application.windows
        // An example that misuses the runtime is not correct as written, even though misuse never throws.
        var misuses: [Diagnostic] = []
        let observer = application.addDiagnosticObserver { misuses.append($0) }
        defer {
            application.removeObserver(observer)
            for window in application.windows where !windowsBefore.contains(where: { $0 === window }) {
                window.isHidden = true
            }
            try? FileManager.default.removeItem(at: directory)
        }
        do {
            try await examples(directory.appending(path: "state.sqlite").path)
        } catch {
            // Recorded here rather than thrown: Swift Testing would report a thrown error at the
            // generated test, and `sourceLocation` is the doc's.
            Issue.record(error, "the examples threw", sourceLocation: sourceLocation)
        }
        #expect(misuses.isEmpty, "the examples misused the runtime: \(misuses)", sourceLocation: sourceLocation)
    }
}
