/// The headless `UISceneSession`: what persists of one instance of the app's interface while
/// its scene comes and goes: its identifier, role, configuration, the app's `userInfo`, and the
/// activity that restores it.
///
/// The application makes sessions (``Application/requestSceneSessionActivation(_:userActivity:options:errorHandler:)``,
/// or at launch from ``SceneStatePreservation/savedSessions(for:)``) and keeps them in
/// ``Application/openSessions`` until they are discarded. Equality and hashing are by identity.
@MainActor
public final class SceneSession: Hashable {
    /// The kind of interface a session shows, as `UISceneSession.Role` (UIKit's raw values).
    public struct Role: Hashable, Sendable, Codable, RawRepresentable {
        /// UIKit's name of the role.
        public let rawValue: String
        /// Makes a role.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The app's main interactive window.
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        /// A non-interactive window on an external display.
        public static let windowExternalDisplayNonInteractive = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }

    /// An identifier unique to this session, the same in every launch while the session is open.
    public let persistentIdentifier: String
    /// The kind of interface the session shows.
    public let role: Role
    /// The configuration the session's scene is made with: from
    /// `application(_:configurationForConnecting:options:)` when the session is new, and the
    /// same (by name and role) when it reconnects.
    public internal(set) var configuration: SceneConfiguration
    /// The app's own values for this session; property-list values, kept with the session.
    public var userInfo: [String: Any]?
    /// The activity that restores the session's interface: what the scene delegate's
    /// ``SceneDelegate/stateRestorationActivity(for:)`` returned (a copy) when the scene last
    /// entered the background, and, at a later launch, the one kept then.
    public var stateRestorationActivity: UserActivity?

    /// The connected scene; `nil` while the session is not connected.
    public var scene: Scene? { connectedScene }
    /// Strong: the application holds its sessions, and a session its scene while connected.
    var connectedScene: Scene?

    init(persistentIdentifier: String, role: Role, configuration: SceneConfiguration) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
        self.configuration = configuration
    }

    /// Identity, as `NSObject`'s `==`.
    nonisolated public static func == (lhs: SceneSession, rhs: SceneSession) -> Bool { lhs === rhs }

    /// Hashes the identity.
    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
