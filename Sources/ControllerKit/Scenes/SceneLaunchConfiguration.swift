import Foundation

/// What `@main` needs on Linux for an app with scenes, as UIKit finds it in the Info.plist's
/// scene manifest: adopting it says the app uses scenes, and how to make each scene's delegate.
/// Declare it in the app's Linux-only file, with ``ApplicationLaunchConfiguration``'s members:
///
/// ```swift
/// #if !canImport(UIKit)
/// extension AppDelegate: SceneLaunchConfiguration {
///     static func makeDelegate() -> any ApplicationDelegate { AppDelegate() }
///     static func makeSceneDelegate(for configuration: SceneConfiguration) -> any SceneDelegate { SceneDelegate() }
/// }
/// #endif
/// ```
@MainActor
public protocol SceneLaunchConfiguration: ApplicationLaunchConfiguration {
    /// Makes the delegate of a scene made with `configuration`, as UIKit makes it from the
    /// configuration's `delegateClass` or its Info.plist entry.
    static func makeSceneDelegate(for configuration: SceneConfiguration) -> any SceneDelegate
    /// Where each session's state is kept; `nil` (the default) for none. An error is printed
    /// by `main()`, and the app runs without keeping its scenes' state.
    static func makeSceneStatePreservation() throws -> (any SceneStatePreservation)?
}

extension SceneLaunchConfiguration {
    /// None: the app keeps no scene state.
    public static func makeSceneStatePreservation() -> (any SceneStatePreservation)? { nil }
}

extension Application {
    /// Takes `configuration`'s scene delegates and state preservation, for `main()`.
    func adoptScenes(from configuration: any SceneLaunchConfiguration.Type) {
        sceneDelegateFactory = { configuration.makeSceneDelegate(for: $0) }
        do {
            sceneStatePreservation = try configuration.makeSceneStatePreservation()
        } catch {
            FileHandle.standardError.write(Data("navstate: the app's scene state cannot be kept, so it runs without it: \(error)\n".utf8))
        }
    }
}
