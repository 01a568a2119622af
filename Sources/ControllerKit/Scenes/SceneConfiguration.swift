/// The headless `UISceneConfiguration`: which kind of scene a session gets, by name and role,
/// as the app delegate's `application(_:configurationForConnecting:options:)` returns it.
///
/// UIKit makes the scene's delegate from `delegateClass`, or from the Info.plist entry of the
/// configuration's name. Swift on Linux cannot make an object from a class name, so the
/// delegate comes from ``Application/sceneDelegateFactory`` (for `@main`,
/// ``SceneLaunchConfiguration/makeSceneDelegate(for:)``, the Info.plist's stand-in), which gets
/// this configuration and may read ``name`` or ``delegateClass``:
///
/// ```swift
/// let configuration = SceneConfiguration(name: "Default Configuration", sessionRole: .windowApplication)
/// configuration.delegateClass = MySceneDelegate.self   // compiles as in UIKit; the factory makes the delegate
/// ```
@MainActor
public final class SceneConfiguration {
    /// The configuration's name, as the app's Info.plist lists it; `nil` for none.
    public let name: String?
    /// The role of the sessions this configuration is for.
    public let role: SceneSession.Role
    /// The class of the scene's delegate, as the app names it; stored for the factory to read.
    public var delegateClass: AnyClass?

    /// Makes a configuration named `name` for sessions of `sessionRole`.
    public init(name: String?, sessionRole: SceneSession.Role) {
        self.name = name
        self.role = sessionRole
    }

    /// The name a scene app's Info.plist gives its one configuration in Xcode's template, and
    /// the configuration a session gets when the app delegate does not choose one.
    nonisolated public static let defaultName = "Default Configuration"
}
