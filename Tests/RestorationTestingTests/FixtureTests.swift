import ControllerKit
import Foundation
import MailSample
import RestorationTesting
import StateRestoration
import Testing
import TestSupport

/// The sample mail app keeps a fixture of its 1.0 state (`Tests/Fixtures/mail-app/1.0.sqlite`,
/// re-recorded with `NAVSTATE_RECORD_FIXTURES=1 swift test --filter FixtureTests`), and today's
/// code must restore it.
@MainActor
@Suite(.serialized) struct FixtureTests {
    static let fixtures = RestorationFixtures(directory: PackageRoot.file("Tests/Fixtures/mail-app"))

    /// The session the demo runs: tabs, a stack three deep, a viewer with a reply sheet over it.
    static func session(_ window: Window) {
        window.rootViewController = MailSample.makeRoot()
        window.makeKeyAndVisible()
        MailSample.runSession(in: window, application: window.application)
    }

    @Test func theMailAppsEarlierStateStillRestores() throws {
        try Self.fixtures.record(appVersion: "1.0", registry: MailSample.makeRegistry(), build: Self.session)
        Self.fixtures.expectEarlierVersionsRestore(before: "1.1", registry: MailSample.makeRegistry())
        let outcome = try #require(try Self.fixtures.restoreEarlierVersions(before: "1.1", registry: MailSample.makeRegistry()).first)
        #expect(outcome.restored.count == 9)
    }

    /// A class renamed since 1.0 restores when it answers to its old name, and is reported as
    /// an unexpected drop, with the reason, when it does not.
    @Test func aRenamedClassRestoresThroughItsAlias() throws {
        final class MessageScreen: ViewController {}
        let renamed = MailSample.makeRegistry()
        renamed.register(MessageScreen.self, as: "MessageScreen", aliases: ["Message"])
        let withAlias = try Self.fixtures.restoreEarlierVersions(before: "1.1", registry: renamed)
        #expect(withAlias.map(\.passed) == [true])

        let forgotten = RestorationRegistry()
        for (type, name) in [(MailboxListController.self, "MailboxList"), (AttachmentViewerController.self, "AttachmentViewer"),
                             (ComposeController.self, "Compose"), (SearchController.self, "Search"),
                             (SettingsController.self, "Settings")] as [(ViewController.Type, String)] {
            forgotten.register(type, as: name)
        }
        forgotten.register(MessageScreen.self, as: "MessageScreen")
        let outcome = try #require(try Self.fixtures.restoreEarlierVersions(before: "1.1", registry: forgotten).first)
        #expect(!outcome.passed)
        #expect(outcome.unexpected.map(\.path) == ["/tabs/inbox/message"])
        #expect(outcome.unexpected.first?.reason.contains("Message") == true)
        // Declared expected, the same drop passes.
        let declared = try Self.fixtures.restoreEarlierVersions(before: "1.1", registry: forgotten,
                                                                expectedDrops: ["/tabs/inbox/message"])
        #expect(declared.map(\.passed) == [true])
    }

    @Test func versionsSortNumericallyAndRecordingIsOffByDefault() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixtures = RestorationFixtures(directory: directory)
        let build: (Window) -> Void = { window in
            let leaf = ViewController()
            leaf.restorationIdentifier = "leaf"
            window.rootViewController = leaf
        }
        if !RestorationFixtures.isRecording {
            #expect(try fixtures.record(appVersion: "1.0", registry: RestorationRegistry(), build: build) == nil)
        }
        for version in ["1.10", "1.9", "2.0"] {
            try fixtures.record(appVersion: version, registry: RestorationRegistry(), force: true, build: build)
        }
        #expect(try fixtures.recordedVersions() == ["1.9", "1.10", "2.0"])
        #expect(try fixtures.restoreEarlierVersions(before: "2.0", registry: RestorationRegistry()).map(\.appVersion) == ["1.9", "1.10"])
    }
}
