import Foundation
import Synchronization

/// Every store open in this process, so that a normal exit releases them, as a store kept in a
/// global never is (docs/behaviour.md §8.5); a crash or a signal runs no exit handler, and leaves its marks.
enum OpenStores {
    private struct Entry: Sendable {
        weak var store: RestorationStore?
    }

    private static let stores = Mutex<[ObjectIdentifier: Entry]>([:])
    private static let closesAtExit: Void = {
        atexit {
            let open = stores.withLock { $0.values.compactMap(\.store) }
            for store in open { store.release() }
        }
    }()

    static func add(_ store: RestorationStore) {
        closesAtExit
        stores.withLock { $0[ObjectIdentifier(store)] = Entry(store: store) }
    }

    static func remove(_ store: RestorationStore) {
        stores.withLock { $0[ObjectIdentifier(store)] = nil }
    }
}
