import Testing
import UIKitCompatibility

/// A custom container that keeps each child's state in an archive of its own, as UIKit asks of
/// custom containers and as AppToolkit's tab container does (row 73).
final class ArchivingTabsViewController: UIViewController {
    var pages: [PageViewController] = []

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(pages.count, forKey: "count")
        for (index, page) in pages.enumerated() {
            let archiver = NSKeyedArchiver()
            page.encodeRestorableState(with: archiver)
            archiver.finishEncoding()
            coder.encode(archiver.encodedData, forKey: "page\(index)")
        }
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        pages = (0..<coder.decodeInteger(forKey: "count")).map { index in
            let page = PageViewController()
            if let data = coder.decodeObject(forKey: "page\(index)") as? Data {
                let unarchiver = NSKeyedUnarchiver(forReadingWith: data)
                page.decodeRestorableState(with: unarchiver)
                unarchiver.finishDecoding()
            }
            return page
        }
    }
}

final class PageViewController: UIViewController {
    var offset = 0.0

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(offset, forKey: "offset")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        offset = coder.decodeDouble(forKey: "offset")
    }
}

@MainActor
@Suite("Row 73: nested NSKeyedArchiver and NSKeyedUnarchiver archives")
struct NestedArchivesRow {
    @Test("Row 73: a container's per-child archives round-trip through the store")
    func perChildArchives() throws {
        let storage = try TemporaryStore()
        let registry = RestorationRegistry()
        registry.register(ArchivingTabsViewController.self, as: "ArchivingTabs")
        let application = UIApplication()
        let window = UIWindow(application: application)
        let tabs = ArchivingTabsViewController()
        tabs.restorationIdentifier = "tabs"
        tabs.pages = [12.5, 300].map { offset in
            let page = PageViewController()
            page.offset = offset
            return page
        }
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        #expect(try storage.store.save(application, registry: registry).warnings.isEmpty)

        let restoredWindow = UIWindow(application: UIApplication())
        let report = try storage.store.restore(into: restoredWindow, registry: registry)
        #expect(report.dropped.isEmpty, "\(report)")
        let restored = try #require(restoredWindow.rootViewController as? ArchivingTabsViewController)
        #expect(restored.pages.map(\.offset) == [12.5, 300])
    }

    @Test("Row 73: bytes that are not an archive give an error, never a crash")
    func notAnArchive() {
        #expect(throws: PayloadError.self) { _ = try NSKeyedUnarchiver(forReadingFrom: Data([9, 9, 9])) }
        let unarchiver = NSKeyedUnarchiver(forReadingWith: Data([9, 9, 9]))
        #expect(unarchiver.error != nil)
        #expect(unarchiver.decodeDouble(forKey: "offset") == 0)
    }
}

/// A model an app archives into `Data` of its own (row 74), as CoreNavigation does with an item.
final class StorageItem: NSObject, NSCoding {
    let key: String

    init(key: String) { self.key = key }

    func encode(with coder: NSCoder) {
        coder.encode(key, forKey: "key")
    }

    required init?(coder: NSCoder) {
        guard let key = coder.decodeObject(forKey: "key") as? String else { return nil }
        self.key = key
    }
}

@Suite("Row 74: archivedData(withRootObject:) and unarchiving")
struct RootObjectArchivesRow {
    @Test("Row 74: an NSCoding object and a plain value archive into Data and back")
    func rootObjects() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: StorageItem(key: "inbox"), requiringSecureCoding: true)
        #expect(try NSKeyedUnarchiver.unarchivedObject(ofClass: StorageItem.self, from: data)?.key == "inbox")
        let names = NSKeyedArchiver.archivedData(withRootObject: ["a", "b"])
        #expect(NSKeyedUnarchiver.unarchiveObject(with: names) as? [String] == ["a", "b"])
        // An archive names no class: an NSCoding object needs its class to come back.
        #expect(NSKeyedUnarchiver.unarchiveObject(with: data) == nil)
        #expect(throws: PayloadError.self) { _ = try NSKeyedUnarchiver.unarchivedObject(ofClass: StorageItem.self, from: Data([7])) }
    }
}
