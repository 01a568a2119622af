/// A model class that writes itself into a ``Coder`` and is made again from one, with
/// `NSCoding`'s shape, so that `NSCoding` model classes port by renaming: `encode(with:)` and
/// `init?(coder:)`. Not isolated to any actor, as `NSCoding` is not: model code calls the coder
/// from wherever it runs.
///
/// A controller (or a ``StateRestoring`` object, or another `Coding` object) stores one with
/// `encode(_:forKey:)`, alone or in arrays and dictionaries, and reads it back with
/// `decodeObject(forKey:)`, `decodeObject(of:forKey:)` or `decodeArrayOfObjects(ofClass:forKey:)`.
/// A save keeps an object only when its class is registered
/// (`RestorationRegistry.registerObject(_:as:version:aliases:)`, under a stable name, never the
/// type's), so nothing in a snapshot can name a class to make; an object of another class is
/// left out and the save report names the key. An instance stored twice, under any keys of any
/// controllers of one save, is saved once and restores as one instance.
///
/// ```swift
/// final class Event: Coding {
///     let title: String
///     let start: Date
///
///     init(title: String, start: Date) {
///         self.title = title
///         self.start = start
///     }
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
/// At a restore the object is made when first decoded, with `init?(coder:)` and a coder holding
/// what its `encode(with:)` wrote; an object no one decodes is made before any controller decodes.
/// When `init?(coder:)` returns `nil` or its coder records an error, the object is not restored
/// and every reference to it decodes as `nil` with an error naming the key
/// (``CoderError/Kind/objectNotRestored(_:reason:)``). Objects whose `init?(coder:)` decode each
/// other in a cycle cannot be made that way: use ``StateRestoring`` objects, which are made
/// before they decode, for cycles.
public protocol Coding: AnyObject {
    /// Writes the object's values, as `NSCoding.encode(with:)`.
    func encode(with coder: Coder)
    /// Makes the object from the values ``encode(with:)`` wrote, or `nil` when they do not make
    /// one, as `NSCoding.init?(coder:)`.
    init?(coder: Coder)
}
