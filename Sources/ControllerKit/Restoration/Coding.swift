/// A model class that writes itself into a ``Coder`` and is made again from one, with
/// `NSCoding`'s shape (`encode(with:)`, `init?(coder:)`), so `NSCoding` classes port by renaming.
/// Not isolated to any actor, as `NSCoding` is not.
///
/// A coder stores one with `encode(_:forKey:)`, alone or in arrays and dictionaries, and reads
/// it back with `decodeObject(forKey:)`, `decodeObject(of:forKey:)` or
/// `decodeArrayOfObjects(ofClass:forKey:)`. A save keeps an object only when its class is
/// registered under a stable name (`RestorationRegistry.registerObject(_:as:version:aliases:)`),
/// so nothing in a snapshot names a class to make; the save report names the key of any other.
/// An instance stored twice in one save is saved once and restores as one instance.
///
/// ```swift
/// final class Event: Coding {
///     let title: String
///     let start: Date
///
///     func encode(with coder: Coder) {
///         coder.encode(title, forKey: "title")
///         coder.encode(start, forKey: "start")
///     }
///
///     init?(coder: Coder) {
///         guard let title = coder.decodeString(forKey: "title"),
///               let start = coder.decodeObject(of: Date.self, forKey: "start") else { return nil }
///         self.title = title
///         self.start = start
///     }
/// }
///
/// // In a controller:
/// coder.encode(events, forKey: "events")                                      // [Event]
/// events = coder.decodeArrayOfObjects(ofClass: Event.self, forKey: "events") ?? []
/// ```
///
/// At a restore the object is made when first decoded (one no one decodes, before any
/// controller decodes). When `init?(coder:)` returns `nil` or its coder records an error, every
/// reference to it decodes as `nil` with an error naming the key
/// (``CoderError/Kind/objectNotRestored(_:reason:)``). Objects that decode each other in a cycle
/// cannot be made that way: ``StateRestoring`` objects, made before they decode, can.
public protocol Coding: AnyObject {
    /// Writes the object's values, as `NSCoding.encode(with:)`.
    func encode(with coder: Coder)
    /// Makes the object from what ``encode(with:)`` wrote, or `nil`, as `NSCoding.init?(coder:)`.
    init?(coder: Coder)
}
