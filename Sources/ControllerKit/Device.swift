/// The kind of interface an app runs in; mirrors `UIUserInterfaceIdiom`, with its raw values
/// (`.mac` is 5: UIKit leaves 4 unused).
///
/// The raw value is what the app-level restoration coder holds under
/// ``Application/stateRestorationUserInterfaceIdiomKey``, as UIKit writes it.
public enum UserInterfaceIdiom: Int, Sendable, Hashable, CaseIterable {
    /// No idiom yet.
    case unspecified = -1
    /// iPhone and iPod touch.
    case phone = 0
    /// iPad.
    case pad = 1
    /// Apple TV.
    case tv = 2
    /// CarPlay.
    case carPlay = 3
    /// The Mac.
    case mac = 5
    /// Apple Vision Pro.
    case vision = 6
}

/// The headless `UIDevice`: the idiom the app runs as.
///
/// ``current`` reports ``UserInterfaceIdiom/phone``, matching ``Screen/main``'s phone-sized
/// bounds. Code written for UIKit reads it as it does there:
/// `Device.current.userInterfaceIdiom == .pad`.
///
/// To run code as another idiom (a test of an iPad layout, of a restore onto another kind of
/// device), scope it: `Device.withUserInterfaceIdiom(.pad) { … }`, or `await` its `async`
/// overload. The idiom holds inside the closure, in this task and the tasks it starts (a
/// task-local value), so tests that run at the same time each see their own; there is no
/// process-wide setter for one test to leak into another.
///
/// Saves write the idiom's raw value under ``Application/stateRestorationUserInterfaceIdiomKey``
/// of the app-level coder. A device may be read from any isolation domain.
public final class Device: Sendable {
    /// The device the app runs on, as `UIDevice.current` (`class var current: UIDevice`).
    public class var current: Device { currentDevice }

    private static let currentDevice = Device()

    @TaskLocal private static var scopedIdiom: UserInterfaceIdiom?

    private init() {}

    /// The idiom the app runs as: the one the innermost surrounding
    /// ``withUserInterfaceIdiom(_:operation:)`` gave, else ``UserInterfaceIdiom/phone``.
    public var userInterfaceIdiom: UserInterfaceIdiom {
        Self.scopedIdiom ?? .phone
    }

    /// Runs `operation` with ``current`` reporting `idiom`, in this task and the tasks it starts,
    /// and returns what it returns.
    public static func withUserInterfaceIdiom<Result>(_ idiom: UserInterfaceIdiom,
                                                      operation: () throws -> Result) rethrows -> Result {
        try $scopedIdiom.withValue(idiom, operation: operation)
    }

    /// Runs `operation` with ``current`` reporting `idiom`, in this task and the tasks it starts,
    /// and returns what it returns.
    public static func withUserInterfaceIdiom<Result>(_ idiom: UserInterfaceIdiom,
                                                      isolation: isolated (any Actor)? = #isolation,
                                                      operation: () async throws -> Result) async rethrows -> Result {
        try await $scopedIdiom.withValue(idiom, operation: operation)
    }
}
