import Testing
import UIKitCompatibility

/// A controller written before keyed archiving: unkeyed values, read back in order (row 72).
final class LegacyCounterViewController: UIViewController {
    var name = ""
    var count = 0
    var upgrades = false

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(name)
        coder.encode(count)
        coder.encode(upgrades, forKey: "upgrades")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        name = coder.decodeObject() as? String ?? ""
        count = coder.decodeObject() as? Int ?? -1
    }

    /// Row 19: a controller hands back a replacement right after it is made from the coder.
    override func awakeAfter(using coder: NSCoder) -> Any? {
        guard coder.decodeBool(forKey: "upgrades") else { return self }
        let upgraded = UpgradedCounterViewController()
        upgraded.restorationIdentifier = restorationIdentifier
        return upgraded
    }
}

/// What an old counter is replaced with.
final class UpgradedCounterViewController: UIViewController {}

@MainActor
@Suite("Rows 19, 20, 72: awakeAfter(using:), encode(with:), unkeyed coding")
struct OlderCallsRows {
    private func registry() -> RestorationRegistry {
        let registry = RestorationRegistry()
        registry.register(LegacyCounterViewController.self, as: "LegacyCounter")
        registry.register(UpgradedCounterViewController.self, as: "UpgradedCounter")
        return registry
    }

    private func roundTrip(_ counter: LegacyCounterViewController) throws -> (RestoreReport, UIWindow) {
        let storage = try TemporaryStore()
        let application = UIApplication()
        let window = UIWindow(application: application)
        counter.restorationIdentifier = "counter"
        window.rootViewController = counter
        window.makeKeyAndVisible()
        _ = try storage.store.save(application, registry: registry())
        let restored = UIWindow(application: UIApplication())
        return (try storage.store.restore(into: restored, registry: registry()), restored)
    }

    @Test("Row 72: unkeyed encode(_:) and decodeObject() read back in order")
    func unkeyedValuesInOrder() throws {
        let counter = LegacyCounterViewController()
        counter.name = "steps"
        counter.count = 42
        let (report, window) = try roundTrip(counter)
        #expect(report.dropped.isEmpty, "\(report)")
        let restored = try #require(window.rootViewController as? LegacyCounterViewController)
        #expect(restored.name == "steps")
        #expect(restored.count == 42)
    }

    @Test("Row 19: awakeAfter(using:) replaces the controller init?(coder:) made")
    func awakeAfterReplaces() throws {
        let counter = LegacyCounterViewController()
        counter.upgrades = true
        let (report, window) = try roundTrip(counter)
        #expect(report.restored == ["/counter"], "\(report)")
        #expect(window.rootViewController is UpgradedCounterViewController)
        #expect(window.rootViewController?.restorationIdentifier == "counter")
    }

    @Test("Row 20: encode(with:) writes a controller's state into a coder of the caller's")
    func encodeWithWritesTheRestorableState() {
        let counter = LegacyCounterViewController()
        counter.name = "laps"
        counter.count = 7
        let archive = NSCoder()
        counter.encode(with: archive)
        #expect(archive.decodeObject() as? String == "laps")
        #expect(archive.decodeObject() as? Int == 7)
        #expect(archive.decodeObject() == nil)
    }
}
