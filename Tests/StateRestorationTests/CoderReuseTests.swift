import ControllerKit
import Foundation
@_spi(Restoration) @testable import StateRestoration
import Testing

/// A store's restore hands a coder to the next controller once nothing else holds it: each
/// controller still reads only its own values and path, a coder a controller keeps stays its
/// own, and what a controller writes in `init?(coder:)` is there in its decode.
@MainActor
@Suite struct CoderReuseTests {
    /// Saves `root` and restores it into a new window with every test class registered.
    private func roundTrip(_ root: ViewController) throws -> (Window, RestoreReport) {
        let directory = TemporaryDirectory()
        defer { _ = directory }
        let registry = RestorationRegistry()
        registry.register(Note.self, as: "Note")
        registry.register(CoderKeeper.self, as: "CoderKeeper")
        registry.register(InitWriter.self, as: "InitWriter")
        let store = try RestorationStore(path: directory.path())
        let window = Window(application: Application())
        window.rootViewController = root
        _ = try store.save(windows: [window], registry: registry)
        let restored = Window(application: Application())
        let report = try store.restore(into: restored, registry: registry)
        return (restored, report)
    }

    private func children(_ window: Window) -> [ViewController] {
        (window.rootViewController as? TabBarController)?.viewControllers ?? []
    }

    @Test func everyControllerReadsItsOwnValuesAndPathFromReusedCoders() throws {
        let notes = (0..<6).map { Note("n\($0)", text: "text \($0)") }
        let (window, report) = try roundTrip(Make.tabs("tabs", notes))
        #expect(report.dropped.isEmpty)
        let restored = children(window).compactMap { $0 as? Note }
        #expect(restored.map(\.text) == (0..<6).map { "text \($0)" })
        #expect(restored.map(\.count) == (0..<6).map { "n\($0)".count })
    }

    @Test func aControllerThatKeepsItsCoderFromInitDecodesWithThatCoder() throws {
        let (window, report) = try roundTrip(Make.tabs("tabs", [
            CoderKeeper("a", keepsFromInit: true), Note("b"), CoderKeeper("c", keepsFromInit: true),
        ]))
        #expect(report.dropped.isEmpty)
        let keepers = children(window).compactMap { $0 as? CoderKeeper }
        #expect(keepers.map(\.decodedWithCoderFromInit) == [true, true])
        #expect(keepers.map(\.text) == ["text of a", "text of c"])
        #expect(keepers.map { $0.keptCoder?.codingPath } == [["tabs", "a"], ["tabs", "c"]])
    }

    @Test func aCoderKeptAfterDecodeIsNeverHandedToAnotherController() throws {
        let (window, report) = try roundTrip(Make.tabs("tabs", [
            CoderKeeper("a", keepsFromInit: false), Note("b"), CoderKeeper("c", keepsFromInit: false), Note("d"),
        ]))
        #expect(report.dropped.isEmpty)
        let keepers = children(window).compactMap { $0 as? CoderKeeper }
        #expect(keepers.count == 2)
        // Read after the whole restore: another controller's values would show here.
        #expect(keepers.map { $0.keptCoder?.decodeString(forKey: "text") } == ["text of a", "text of c"])
        #expect(keepers.map { $0.keptCoder?.codingPath } == [["tabs", "a"], ["tabs", "c"]])
        #expect(keepers.first?.keptCoder !== keepers.last?.keptCoder)
    }

    @Test func whatInitWritesIsThereInDecode() throws {
        let (window, report) = try roundTrip(Make.tabs("tabs", [InitWriter("w"), Note("x"), InitWriter("y")]))
        #expect(report.dropped.isEmpty)
        let writers = children(window).compactMap { $0 as? InitWriter }
        #expect(writers.map(\.readInDecode) == ["written in init of w", "written in init of y"])
        let notes = children(window).compactMap { $0 as? Note }
        #expect(notes.map(\.text) == ["text of x"])
    }
}

/// Keeps the coder it is given: from `init?(coder:)` when it saved `keepsFromInit`, else from
/// `decodeRestorableState(with:)`.
final class CoderKeeper: ViewController {
    var text = ""
    var keepsFromInit = false
    var keptCoder: Coder?
    var decodedWithCoderFromInit = false

    convenience init(_ identifier: String, keepsFromInit: Bool) {
        self.init()
        restorationIdentifier = identifier
        text = "text of \(identifier)"
        self.keepsFromInit = keepsFromInit
    }

    override init() { super.init() }

    required init?(coder: Coder) {
        super.init(coder: coder)
        if coder.decodeBool(forKey: "keepsFromInit") { keptCoder = coder }
    }

    override func encodeRestorableState(with coder: Coder) {
        super.encodeRestorableState(with: coder)
        coder.encode(text, forKey: "text")
        coder.encode(keepsFromInit, forKey: "keepsFromInit")
    }

    override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        text = coder.decodeString(forKey: "text") ?? ""
        decodedWithCoderFromInit = keptCoder === coder
        if keptCoder == nil { keptCoder = coder }
    }
}

/// Writes a key into its coder in `init?(coder:)` and reads it back in its decode.
final class InitWriter: ViewController {
    var readInDecode: String?

    convenience init(_ identifier: String) {
        self.init()
        restorationIdentifier = identifier
    }

    override init() { super.init() }

    required init?(coder: Coder) {
        super.init(coder: coder)
        coder.encode("written in init of \(coder.codingPath.last ?? "?")", forKey: "scratch")
    }

    override func decodeRestorableState(with coder: Coder) {
        super.decodeRestorableState(with: coder)
        readInDecode = coder.decodeString(forKey: "scratch")
    }
}
