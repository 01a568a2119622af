import ControllerKit
import Foundation
import RestorationTesting
import StateRestoration
import Testing

/// A controller with a little state; with children it is a custom container.
final class PropertyLeaf: ViewController {
    var value = 0
    var note = ""
    init() { super.init(nibName: nil, bundle: nil) }
    required init?(coder: Coder) { super.init(coder: coder) }
    override func encodeRestorableState(with coder: Coder) {
        coder.encode(value, forKey: "value")
        coder.encode(note, forKey: "note")
    }
    override func decodeRestorableState(with coder: Coder) {
        value = coder.decodeInteger(forKey: "value")
        note = coder.decodeString(forKey: "note") ?? ""
    }
}

/// A class the registry never learns: restore must drop it and keep the rest.
final class UnregisteredLeaf: ViewController {}

/// A hierarchy as plain values: read off a live window, pruned, built again.
final class SpecNode {
    enum Kind {
        case leaf(value: Int, note: String)
        case unregistered
        case navigation
        case tabs(selected: Int)
        case split(collapsed: Bool)
    }

    var kind: Kind
    var identifier: String?
    var relation: ControllerRelation
    var children: [SpecNode]
    var presented: (style: ModalPresentationStyle, node: SpecNode)?

    init(kind: Kind, identifier: String?, relation: ControllerRelation, children: [SpecNode],
         presented: (ModalPresentationStyle, SpecNode)?) {
        self.kind = kind
        self.identifier = identifier
        self.relation = relation
        self.children = children
        self.presented = presented
    }

    /// Reads a live controller tree (what a save walks).
    @MainActor
    static func read(_ controller: ViewController) -> SpecNode {
        let kind: Kind
        switch controller {
        case let tabs as TabBarController: kind = .tabs(selected: tabs.selectedIndex)
        case let split as SplitViewController: kind = .split(collapsed: split.isCollapsed)
        case is NavigationController: kind = .navigation
        case let leaf as PropertyLeaf: kind = .leaf(value: leaf.value, note: leaf.note)
        default: kind = .unregistered
        }
        var presented: (ModalPresentationStyle, SpecNode)?
        if let target = controller.presentedViewController, target.presentingViewController === controller,
           let style = target.activePresentationStyle {
            presented = (style, read(target))
        }
        return SpecNode(kind: kind, identifier: controller.restorationIdentifier, relation: controller.relation,
                        children: controller.children.map(read), presented: presented)
    }

    /// What a save keeps: subtrees without identifier or of an unregistered class go.
    func pruned() -> SpecNode? {
        guard identifier != nil else { return nil }
        if case .unregistered = kind { return nil }
        var kind = self.kind
        let kept = children.compactMap { $0.pruned() }
        if case .tabs(let selected) = kind {
            // The selection follows its controller; a lost selected tab leaves the first selected.
            let selectedChild = children.indices.contains(selected) ? children[selected] : nil
            let index = kept.firstIndex { $0.identifier == selectedChild?.identifier && selectedChild?.pruned() != nil } ?? 0
            kind = .tabs(selected: index)
        }
        let presentedKept = presented.flatMap { pair in pair.node.pruned().map { (pair.style, $0) } }
        return SpecNode(kind: kind, identifier: identifier, relation: relation, children: kept, presented: presentedKept)
    }

    /// Builds the controllers (containment only); `presentations` collects what to present after.
    @MainActor
    func build(presentations: inout [(ViewController, ModalPresentationStyle, SpecNode)]) -> ViewController {
        let controller: ViewController
        switch kind {
        case .leaf(let value, let note):
            let leaf = PropertyLeaf()
            leaf.value = value
            leaf.note = note
            controller = leaf
        case .unregistered:
            controller = UnregisteredLeaf()
        case .navigation:
            controller = NavigationController()
        case .tabs:
            controller = TabBarController()
        case .split:
            controller = SplitViewController()
        }
        controller.restorationIdentifier = identifier
        let built = children.map { $0.build(presentations: &presentations) }
        switch controller {
        case let navigation as NavigationController:
            navigation.setViewControllers(built, animated: false)
        case let tabs as TabBarController:
            tabs.setViewControllers(built, animated: false)
            if case .tabs(let selected) = kind, built.indices.contains(selected) { tabs.selectedIndex = selected }
        case let split as SplitViewController:
            for (child, spec) in zip(built, children) {
                if case .splitColumn(let column) = spec.relation { split.setViewController(child, for: column) }
            }
            if case .split(true) = kind { split.collapse() }
        default:
            for child in built {
                controller.addChild(child)
                child.didMove(toParent: controller)
            }
        }
        if let (style, node) = presented { presentations.append((controller, style, node)) }
        return controller
    }

    /// Builds this tree into a hidden window: root first, then presentations, presenters first.
    @MainActor
    func build(into window: Window) {
        var presentations: [(ViewController, ModalPresentationStyle, SpecNode)] = []
        window.rootViewController = build(presentations: &presentations)
        var next = 0
        while next < presentations.count {
            let (presenter, style, node) = presentations[next]
            next += 1
            let presented = node.build(presentations: &presentations)
            presented.modalPresentationStyle = style
            presenter.present(presented, animated: false)
        }
    }

    /// One line per node, for failure messages.
    func dump(_ indent: String = "") -> [String] {
        var lines = ["\(indent)\(kind) id=\(identifier ?? "nil") \(relation)"]
        for child in children { lines += child.dump(indent + "  ") }
        if let (style, node) = presented { lines += ["\(indent)  presents \(style):"] + node.dump(indent + "    ") }
        return lines
    }
}

/// Random hierarchies, random navigation, save, restore, and the fresh-build oracle.
@MainActor
struct PropertyCase {
    var random: SeededRandomNumberGenerator
    var made = 0

    init(seed: UInt64) { random = SeededRandomNumberGenerator(seed: seed) }

    mutating func identifier() -> String? {
        made += 1
        return Int.random(in: 0..<10, using: &random) == 0 ? nil : "n\(made)"
    }

    mutating func subtree(depth: Int, allowNavigation: Bool = true) -> ViewController {
        let roll = depth >= 4 ? 0 : Int.random(in: 0..<20, using: &random)
        let controller: ViewController
        switch roll {
        case 0..<7:
            let leaf = PropertyLeaf()
            leaf.value = Int.random(in: -1000...1000, using: &random)
            leaf.note = "note \(made)"
            controller = leaf
        case 7:
            controller = UnregisteredLeaf()
        case 8..<11 where allowNavigation:
            let navigation = NavigationController()
            navigation.viewControllers = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                subtree(depth: depth + 1, allowNavigation: false)
            }
            controller = navigation
        case 11..<14:
            let tabs = TabBarController()
            let members = (0..<Int.random(in: 1...4, using: &random)).map { _ in subtree(depth: depth + 1) }
            tabs.viewControllers = members
            tabs.selectedIndex = Int.random(in: 0..<members.count, using: &random)
            controller = tabs
        case 14..<16:
            let split = SplitViewController()
            split.viewControllers = [subtree(depth: depth + 1), subtree(depth: depth + 1)]
            if Bool.random(using: &random) { split.collapse() }
            controller = split
        default:
            let container = PropertyLeaf()
            container.value = made
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let child = subtree(depth: depth + 1)
                container.addChild(child)
                child.didMove(toParent: container)
            }
            controller = container
        }
        controller.restorationIdentifier = identifier()
        return controller
    }

    var style: ModalPresentationStyle {
        mutating get { ModalPresentationStyle.allCases[Int.random(in: 0..<ModalPresentationStyle.allCases.count, using: &random)] }
    }

    /// Builds a random hierarchy into `window`, shows it, and uses it a little.
    mutating func buildAndUse(_ window: Window) {
        window.rootViewController = subtree(depth: 0)
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let all = window.allControllers()
            let presenter = all[Int.random(in: 0..<all.count, using: &random)]
            let presented = subtree(depth: 3)
            presented.modalPresentationStyle = style
            presenter.present(presented, animated: false)
        }
        window.makeKeyAndVisible()
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            let all = window.allControllers()
            let target = all[Int.random(in: 0..<all.count, using: &random)]
            switch Int.random(in: 0..<6, using: &random) {
            case 0: window.application.didReceiveMemoryWarning()
            case 1: (target as? TabBarController).map { $0.selectedIndex = Int.random(in: 0..<max($0.viewControllers?.count ?? 1, 1), using: &random) }
            case 2: (target as? NavigationController)?.pushViewController(subtree(depth: 4), animated: true)
            case 3: (target as? NavigationController)?.popViewController(animated: true)
            case 4: if target.presentedViewController != nil { target.dismiss(animated: true) }
            default: (target as? SplitViewController).map { $0.isCollapsed ? $0.expand() : $0.collapse() }
            }
        }
    }
}

@MainActor
@Suite struct PropertyTests {
    /// `NAVSTATE_PROPERTY_CASES` raises the count for a soak; `NAVSTATE_PROPERTY_SEED` replays one.
    static var seeds: [UInt64] {
        SeededRandomNumberGenerator.seeds(
            first: 0xC0FFEE, defaultCount: 500,
            countVariable: "NAVSTATE_PROPERTY_CASES", replayVariable: "NAVSTATE_PROPERTY_SEED")
    }

    static func registry() -> RestorationRegistry {
        let registry = RestorationRegistry()
        registry.register(PropertyLeaf.self, as: "PropertyLeaf")
        return registry
    }

    static func lines(_ window: Window, registry: RestorationRegistry) -> [String] {
        ((try? CapturedSnapshot.capture([window], registry: registry).controllers) ?? []).map { record in
            "\(record.pathString) \(record.className) \(record.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })"
        }
    }

    @Test func randomHierarchiesRestoreAsTheirFreshBuild() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("property-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try RestorationStore(path: directory.appendingPathComponent("p.sqlite").path,
                                         configuration: StoreConfiguration(keepCount: 1))
        let registry = Self.registry()
        var failures = 0
        var coverage: [String: Int] = [:]
        for seed in Self.seeds {
            var generator = PropertyCase(seed: seed)
            var expectedSpec: SpecNode?
            var saveReport: SaveReport?
            do {
                let original = Window(application: Application())
                generator.buildAndUse(original)
                expectedSpec = original.rootViewController.map(SpecNode.read)?.pruned()
                // Each case restores its own save, an empty one included.
                saveReport = try store.save(windows: [original], registry: registry, allowingEmpty: true)
                let all = original.allControllers()
                coverage["controllers", default: 0] += all.count
                coverage["presentations", default: 0] += all.filter { $0.activePresentationStyle != nil }.count
                coverage["navigation stacks", default: 0] += all.filter { $0 is NavigationController }.count
                coverage["tab bars", default: 0] += all.filter { $0 is TabBarController }.count
                coverage["split views", default: 0] += all.filter { $0 is SplitViewController }.count
                coverage["custom children", default: 0] += all.filter { $0.parent.map { type(of: $0) == PropertyLeaf.self } ?? false }.count
                coverage["hidden and unloaded at save", default: 0] += all.filter { !$0.isViewLoaded && $0.appearanceState == .disappeared }.count
                coverage["left out", default: 0] += saveReport?.leftOut.count ?? 0
                original.isHidden = true
            }
            let restoredApplication = Application()
            let restored = Window(application: restoredApplication)
            // Lazily: showing then loads exactly what a fresh build loads.
            let report = try store.restore(into: restored, registry: registry, timing: .lazy)
            coverage["dropped at restore", default: 0] += report.dropped.count
            let restoredRecorder = LifecycleTraceRecorder(observing: [restoredApplication])
            restored.makeKeyAndVisible()
            restoredRecorder.stop()

            let freshApplication = Application()
            let fresh = Window(application: freshApplication)
            expectedSpec?.build(into: fresh)
            let freshRecorder = LifecycleTraceRecorder(observing: [freshApplication])
            fresh.makeKeyAndVisible()
            freshRecorder.stop()

            var problems: [String] = []
            // Only unregistered classes are dropped, and what hangs below them.
            let unexpected = report.dropped.filter { !$0.reason.contains("is not registered") && !$0.reason.hasSuffix("was dropped") }
            if !unexpected.isEmpty { problems.append("unexpected drops: \(unexpected)") }
            let pairs = [("hierarchy", fresh.hierarchyDescription().components(separatedBy: "\n"),
                          restored.hierarchyDescription().components(separatedBy: "\n")),
                         ("values", Self.lines(fresh, registry: registry), Self.lines(restored, registry: registry)),
                         ("trace", freshRecorder.lines, restoredRecorder.lines.filter { !$0.contains("Restor") })]
            for (what, expected, actual) in pairs {
                if let diff = LineDiff.unified(expected: expected, actual: actual, expectedLabel: "fresh build", actualLabel: "restored") {
                    problems.append("\(what):\n\(diff)")
                }
            }
            problems += restored.invariantViolations()
            if !problems.isEmpty {
                failures += 1
                Issue.record("""
                    seed \(seed) (replay with NAVSTATE_PROPERTY_SEED=\(seed)):
                    \(problems.joined(separator: "\n"))
                    expected final state:
                    \((expectedSpec?.dump() ?? ["(nothing)"]).joined(separator: "\n"))
                    save report:
                    \(saveReport.map(\.description) ?? "-")
                    """)
                if failures >= 3 { return }
            }
            restored.isHidden = true
            fresh.isHidden = true
        }
        // The generator must keep producing every kind of case, or passing proves little.
        for kind in ["presentations", "navigation stacks", "tab bars", "split views", "custom children", "left out", "dropped at restore"] {
            #expect((coverage[kind] ?? 0) > 0, "no case had \(kind)")
        }
        print("property test: \(Self.seeds.count) cases, " + coverage.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
    }
}
