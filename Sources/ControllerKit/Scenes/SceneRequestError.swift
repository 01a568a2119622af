/// Why a scene request was refused; handed to the request's `errorHandler`.
public enum SceneRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The app runs without scenes (no ``Application/sceneDelegateFactory``).
    case scenesNotSupported
    /// The app has not launched yet.
    case notLaunched
    /// The session, by its identifier, is not one of the app's open sessions (it was discarded).
    case sessionNotOpen(String)

    /// What went wrong, as a sentence's clause.
    public var description: String {
        switch self {
        case .scenesNotSupported: "the app runs without scenes: it has no scene delegate factory"
        case .notLaunched: "the app has not launched yet"
        case .sessionNotOpen(let identifier): "the scene session \(identifier) is not open (it was discarded)"
        }
    }
}
