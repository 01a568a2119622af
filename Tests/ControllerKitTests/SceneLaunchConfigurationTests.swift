@testable import ControllerKit
import Testing

/// A scene app's Linux-only configuration, as `@main` reads it.
@MainActor
private enum MailSceneConfiguration: SceneLaunchConfiguration {
    struct Unavailable: Error {}
    static var log = CallLog()

    static func makeDelegate() -> any ApplicationDelegate { RecordingAppDelegate(log: log) }
    static func makeSceneDelegate(for configuration: SceneConfiguration) -> any SceneDelegate {
        log.add("makeSceneDelegate(\(configuration.name ?? "nil"))")
        return RecordingSceneDelegate(log: log)
    }
    static func makeSceneStatePreservation() throws -> (any SceneStatePreservation)? { throw Unavailable() }
}

/// The part of `main()` that reads ``SceneLaunchConfiguration`` (the rest waits for standard
/// input and never returns).
@MainActor
@Suite("Scenes: the launch configuration of @main")
struct SceneLaunchConfigurationTests {
    @Test("A SceneLaunchConfiguration makes the app a scene app; a store that cannot open leaves it running without one")
    func adoptsScenes() throws {
        MailSceneConfiguration.log = CallLog()
        let application = Application()
        let configuration: any ApplicationLaunchConfiguration.Type = MailSceneConfiguration.self
        let scenes = try #require(configuration as? any SceneLaunchConfiguration.Type)
        application.adoptScenes(from: scenes)
        #expect(application.sceneStatePreservation == nil)
        application.launch(configuration.makeDelegate())
        #expect(MailSceneConfiguration.log.take() == [
            "app.willFinishLaunching",
            "app.didFinishLaunching",
            "app.configurationForConnecting(A)",
            "makeSceneDelegate(Mail)",
            "A.willConnectTo(activity: nil, root: none)",
            "A.sceneWillEnterForeground",
            "A.sceneDidBecomeActive",
        ])
        // No store: the scene delegate's window is its own to make.
        #expect((application.connectedScenes.first?.delegate as? RecordingSceneDelegate)?.window == nil)
        #expect(application.applicationState == .active)
    }
}
