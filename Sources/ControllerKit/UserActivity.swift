import Synchronization

/// The headless `NSUserActivity`: what a scene saves to restore its state (a scene's
/// `stateRestorationActivity`), and what a responder describes of what the user is doing.
///
/// ```swift
/// let activity = UserActivity(activityType: "com.example.mail.reading")
/// activity.title = "Reading a message"
/// activity.userInfo = ["messageID": 42]
/// activity.addUserInfoEntries(from: ["scroll": 120.5])
/// let archive = try activity.archive()              // Codable: JSON a store keeps
/// let restored = UserActivity(archive: archive)      // the same values back
/// ```
///
/// `userInfo` holds property-list values, as UIKit requires: strings, numbers, Booleans, dates,
/// data, URLs, and arrays and string-keyed dictionaries of these (``PropertyListValue``).
/// Anything else stays in the dictionary until the activity is archived, where ``archive()``
/// throws a ``PropertyListError`` naming the key path and the type; nothing traps.
///
/// Like `NSUserActivity`, the class is isolated to no actor: it is made, filled and read from
/// wherever code runs, in Swift 5 and Swift 6 language modes. It is not `Sendable` (its
/// `userInfo` holds `Any`): one task uses it at a time, and checked Swift 6 code cannot share it
/// between tasks. ``prepareForSaving()`` alone is main-actor, since it calls responders.
///
/// Equality and hashing are by identity, as `NSObject`'s, so activities go in sets
/// (`Scene.ConnectionOptions.userActivities`).
open class UserActivity: Hashable {
    /// The activity's type, as the app declares it (`NSUserActivityTypes`, a reverse-DNS string).
    public let activityType: String

    /// A user-visible title.
    open var title: String?

    /// The activity's state, property-list values only. Any change, by assignment, by
    /// subscript or through ``addUserInfoEntries(from:)``, sets ``needsSave``.
    open var userInfo: [AnyHashable: Any]? {
        didSet { needsSave = true }
    }

    /// The `userInfo` keys needed to continue the activity; stored, and not enforced.
    open var requiredUserInfoKeys: Set<String>?

    /// Whether the state changed since the activity was last saved: set by every change of
    /// ``userInfo``, cleared by ``prepareForSaving()``. Set it yourself to ask responders for an
    /// update, as with UIKit.
    open var needsSave = false

    /// Whether the activity may be handed off to another device; `true` by default, as UIKit's.
    /// Stored only: there are no other devices.
    open var isEligibleForHandoff = true
    /// Whether the activity may be indexed for search; `false` by default. Stored only.
    open var isEligibleForSearch = false
    /// Whether the system may suggest the activity (Siri); `false` by default. Stored only.
    open var isEligibleForPrediction = false
    /// Whether the activity may be indexed publicly; `false` by default. Stored only.
    open var isEligibleForPublicIndexing = false
    /// An identifier the app chooses, to delete the activity's predictions later. Stored only.
    open var persistentIdentifier: String?
    /// The identifier that picks which scene receives the activity. Stored only.
    open var targetContentIdentifier: String?
    /// Search keywords. Stored only.
    open var keywords: Set<String> = []
    /// The web page that continues the activity where the app is not installed. Stored only.
    open var webpageURL: URL?

    /// This activity's number, unique in the process; identifies the current activity.
    private let serial: UInt64
    private var invalidated = false
    /// The responders whose ``Responder/userActivity`` is this activity, in the order they were
    /// given it; weak, so the activity keeps no controller alive.
    private var managers: [WeakResponder] = []

    /// Makes an activity of `activityType`, with no `userInfo`.
    public init(activityType: String) {
        self.activityType = activityType
        serial = Self.process.withLock { state in
            state.nextSerial += 1
            return state.nextSerial
        }
    }

    deinit {
        let serial = serial
        Self.process.withLock { state in
            if state.current == serial { state.current = nil }
        }
    }

    /// Adds `otherDictionary`'s entries to ``userInfo`` (making it if it is `nil`), replacing
    /// the values of keys both hold; sets ``needsSave``.
    open func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
        var merged = userInfo ?? [:]
        for (key, value) in otherDictionary { merged[key] = value }
        userInfo = merged
    }

    // MARK: - The current activity

    /// Whether this is the process's current activity: the last one made current with
    /// ``becomeCurrent()`` and not resigned or invalidated since. One at a time, as UIKit's.
    public var isCurrent: Bool {
        let serial = serial
        return Self.process.withLock { $0.current == serial }
    }

    /// Makes this the process's current activity; the one current before stops being current.
    /// Does nothing after ``invalidate()``, as an invalidated `NSUserActivity` cannot become
    /// current again.
    open func becomeCurrent() {
        guard !invalidated else { return }
        let serial = serial
        Self.process.withLock { $0.current = serial }
    }

    /// Stops this activity being current, if it is; another activity does not become current.
    open func resignCurrent() {
        let serial = serial
        Self.process.withLock { state in
            if state.current == serial { state.current = nil }
        }
    }

    /// Ends the activity: it stops being current and cannot become current again.
    open func invalidate() {
        resignCurrent()
        invalidated = true
    }

    // MARK: - Responders and saving

    /// The live responders whose ``Responder/userActivity`` is this activity, in the order they
    /// were given it.
    @MainActor
    public var responders: [Responder] {
        managers.compactMap(\.responder).filter { $0.userActivity === self }
    }

    /// UIKit's rule before an activity is saved: asks every responder whose
    /// ``Responder/userActivity`` is this activity to ``Responder/updateUserActivityState(_:)``,
    /// in the order they were given it, then clears ``needsSave``. A scene entering the
    /// background calls it on the activity its delegate's
    /// ``SceneDelegate/stateRestorationActivity(for:)`` returned, before keeping it; it asks
    /// whatever ``needsSave`` says.
    ///
    /// `userInfo` keeps its entries: responders add theirs with ``addUserInfoEntries(from:)``,
    /// replacing same-named keys. (UIKit documents emptying `userInfo` first; see
    /// docs/behaviour.md, "User activities".)
    @MainActor
    open func prepareForSaving() {
        for responder in responders {
            responder.updateUserActivityState(self)
        }
        needsSave = false
    }

    @MainActor
    func addManager(_ responder: Responder) {
        managers.removeAll { $0.responder == nil || $0.responder === responder }
        managers.append(WeakResponder(responder: responder))
    }

    @MainActor
    func removeManager(_ responder: Responder) {
        managers.removeAll { $0.responder == nil || $0.responder === responder }
    }

    // MARK: - Identity

    /// Identity, as `NSObject`'s `==`.
    public static func == (lhs: UserActivity, rhs: UserActivity) -> Bool { lhs === rhs }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    // MARK: - Process-wide state

    private struct ProcessState {
        var nextSerial: UInt64 = 0
        var current: UInt64?
    }

    private static let process = Mutex(ProcessState())
}

private struct WeakResponder {
    weak var responder: Responder?
}

// MARK: - Archiving

extension UserActivity {
    /// Everything an activity holds, as values: `Codable` (the JSON a store keeps), `Sendable`
    /// and `Hashable`. ``UserActivity/archive()`` makes one; ``UserActivity/init(archive:)``
    /// makes the activity back. Not kept: ``UserActivity/needsSave``, whether it is current, and
    /// the responders sharing it.
    ///
    /// Encode it with a plain `JSONEncoder` (the default key strategy: a key strategy would
    /// rename `userInfo`'s keys). Each `userInfo` value is an object with one key naming its
    /// type (``PropertyListValue``), which keeps integers, doubles, dates, data and URLs apart
    /// exactly, whatever the encoder's date and data strategies.
    public struct Archive: Codable, Sendable, Hashable {
        public var activityType: String
        public var title: String?
        public var userInfo: [String: PropertyListValue]?
        /// Sorted, so equal activities encode equally.
        public var requiredUserInfoKeys: [String]?
        public var isEligibleForHandoff: Bool
        public var isEligibleForSearch: Bool
        public var isEligibleForPrediction: Bool
        public var isEligibleForPublicIndexing: Bool
        public var persistentIdentifier: String?
        public var targetContentIdentifier: String?
        /// Sorted.
        public var keywords: [String]
        public var webpageURL: URL?

        /// An archive of an activity of `activityType` with UIKit's defaults.
        public init(activityType: String, title: String? = nil, userInfo: [String: PropertyListValue]? = nil) {
            self.activityType = activityType
            self.title = title
            self.userInfo = userInfo
            requiredUserInfoKeys = nil
            isEligibleForHandoff = true
            isEligibleForSearch = false
            isEligibleForPrediction = false
            isEligibleForPublicIndexing = false
            persistentIdentifier = nil
            targetContentIdentifier = nil
            keywords = []
            webpageURL = nil
        }
    }

    /// The activity as values, or a ``PropertyListError`` naming the first `userInfo` value
    /// (in key order) that is not a property-list value.
    public func archive() throws(PropertyListError) -> Archive {
        var archive = Archive(activityType: activityType, title: title)
        if let userInfo {
            archive.userInfo = try PropertyListValue.dictionary(from: userInfo)
        }
        archive.requiredUserInfoKeys = requiredUserInfoKeys.map { $0.sorted() }
        archive.isEligibleForHandoff = isEligibleForHandoff
        archive.isEligibleForSearch = isEligibleForSearch
        archive.isEligibleForPrediction = isEligibleForPrediction
        archive.isEligibleForPublicIndexing = isEligibleForPublicIndexing
        archive.persistentIdentifier = persistentIdentifier
        archive.targetContentIdentifier = targetContentIdentifier
        archive.keywords = keywords.sorted()
        archive.webpageURL = webpageURL
        return archive
    }

    /// Makes the activity `archive` holds; ``needsSave`` is `false`.
    public convenience init(archive: Archive) {
        self.init(activityType: archive.activityType)
        title = archive.title
        userInfo = archive.userInfo.map { dictionary in
            var result: [AnyHashable: Any] = [:]
            for (key, value) in dictionary { result[key] = value.anyValue }
            return result
        }
        requiredUserInfoKeys = archive.requiredUserInfoKeys.map(Set.init)
        isEligibleForHandoff = archive.isEligibleForHandoff
        isEligibleForSearch = archive.isEligibleForSearch
        isEligibleForPrediction = archive.isEligibleForPrediction
        isEligibleForPublicIndexing = archive.isEligibleForPublicIndexing
        persistentIdentifier = archive.persistentIdentifier
        targetContentIdentifier = archive.targetContentIdentifier
        keywords = Set(archive.keywords)
        webpageURL = archive.webpageURL
        needsSave = false
    }
}
