/// Keeps each scene session's state between launches, at UIKit's moments: the restoration
/// layer implements it (as it implements ``ApplicationStatePreservation`` for apps without
/// scenes), so ControllerKit depends on no store. Set it as
/// ``Application/sceneStatePreservation``, or return it from
/// ``SceneLaunchConfiguration/makeSceneStatePreservation()`` for `@main`.
///
/// The application calls it:
/// - at launch, after `application(_:didFinishLaunchingWithOptions:)`: ``savedSessions(for:)``,
///   the sessions that were open, each of which then reconnects in that order (no saved
///   session: one new session connects);
/// - as a saved session's scene connects, before `scene(_:willConnectTo:options:)`:
///   ``restoreSession(_:into:)``, into the scene delegate's window (made for it when the
///   delegate's `window` was `nil`), so that the app finds its controllers there;
/// - once that scene's restoration is over (after `scene(_:restoreInteractionStateWith:)`, and
///   after every ``Scene/extendStateRestoration()`` was completed): ``sessionDidFinishRestoring(_:)``;
/// - when a scene entered the background and its session's
///   ``SceneSession/stateRestorationActivity`` was updated: ``preserveSession(_:)``;
/// - when sessions are discarded: ``discardSessions(_:)``.
///
/// Each call concerns one session, so that one session's damaged or quarantined state never
/// touches another's. A failure is the implementation's to report: no call throws, and the app
/// goes on as if nothing had been saved.
@MainActor
public protocol SceneStatePreservation: AnyObject {
    /// The sessions that were open when the app last ran, in the order they were first saved, with what
    /// they held (``SceneSessionRecord``); empty for none.
    func savedSessions(for application: Application) -> [SceneSessionRecord]
    /// Rebuilds `session`'s saved controllers into `window`, the scene's window, hidden.
    func restoreSession(_ session: SceneSession, into window: Window)
    /// The restoration of `session`'s scene is over: a crash from now on is not the restore's.
    func sessionDidFinishRestoring(_ session: SceneSession)
    /// Saves `session` (``SceneSession/record()``) and the controllers of its scene's windows
    /// (`(session.scene as? WindowScene)?.windows`).
    func preserveSession(_ session: SceneSession)
    /// Deletes everything saved for `sessions`.
    func discardSessions(_ sessions: [SceneSession])
}

/// One scene session as values: what ``SceneStatePreservation`` keeps and gives back at launch.
public struct SceneSessionRecord: Codable, Sendable, Hashable {
    /// ``SceneSession/persistentIdentifier``.
    public var persistentIdentifier: String
    /// ``SceneSession/role``.
    public var role: SceneSession.Role
    /// The name of the session's ``SceneSession/configuration``.
    public var configurationName: String?
    /// ``SceneSession/userInfo``.
    public var userInfo: [String: PropertyListValue]?
    /// ``SceneSession/stateRestorationActivity``.
    public var stateRestorationActivity: UserActivity.Archive?

    /// Makes a record.
    public init(persistentIdentifier: String, role: SceneSession.Role = .windowApplication,
                configurationName: String? = SceneConfiguration.defaultName,
                userInfo: [String: PropertyListValue]? = nil, stateRestorationActivity: UserActivity.Archive? = nil) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
        self.configurationName = configurationName
        self.userInfo = userInfo
        self.stateRestorationActivity = stateRestorationActivity
    }
}

extension SceneSession {
    /// The session as values, or a ``PropertyListError`` naming the first value of `userInfo`,
    /// or of the activity's, that is not a property-list value.
    public func record() throws(PropertyListError) -> SceneSessionRecord {
        var record = SceneSessionRecord(persistentIdentifier: persistentIdentifier, role: role, configurationName: configuration.name)
        if let userInfo { record.userInfo = try PropertyListValue.dictionary(from: userInfo) }
        if let stateRestorationActivity { record.stateRestorationActivity = try stateRestorationActivity.archive() }
        return record
    }

    /// The session `record` describes, not connected.
    convenience init(record: SceneSessionRecord) {
        self.init(persistentIdentifier: record.persistentIdentifier, role: record.role,
                  configuration: SceneConfiguration(name: record.configurationName, sessionRole: record.role))
        userInfo = record.userInfo?.mapValues(\.anyValue)
        stateRestorationActivity = record.stateRestorationActivity.map(UserActivity.init(archive:))
    }
}
