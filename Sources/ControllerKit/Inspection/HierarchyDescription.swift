/// A pointer-free picture of one controller and everything below it, for dumps, diffs and
/// comparisons. Taking one never loads a view.
public struct HierarchyNode: Sendable, Hashable {
    /// The controller's class, without module prefix.
    public var className: String
    /// The controller's `restorationIdentifier`.
    public var restorationIdentifier: String?
    /// The controller's `title`.
    public var title: String?
    /// How it hangs under the node above.
    public var relation: ControllerRelation
    /// Whether its view was loaded when the snapshot was taken.
    public var isViewLoaded: Bool
    /// Its appearance state when the snapshot was taken.
    public var appearanceState: AppearanceState
    /// Children in order, then what the controller presents.
    public var children: [HierarchyNode]

    /// The node's own line, without tree drawing.
    public var summary: String {
        var parts = ["\(className) [\(relation)]"]
        if let restorationIdentifier { parts.append("id=\(restorationIdentifier.debugDescription)") }
        if let title { parts.append("title=\(title.debugDescription)") }
        parts.append(isViewLoaded ? "view loaded" : "view unloaded")
        parts.append(appearanceState.rawValue)
        return parts.joined(separator: " ")
    }

    /// The tree drawn with box-drawing characters, one controller per line.
    public func renderedLines() -> [String] {
        var lines = [summary]
        appendChildren(to: &lines, prefix: "")
        return lines
    }

    private func appendChildren(to lines: inout [String], prefix: String) {
        for (index, child) in children.enumerated() {
            let isLast = index == children.count - 1
            lines.append(prefix + (isLast ? "└─ " : "├─ ") + child.summary)
            child.appendChildren(to: &lines, prefix: prefix + (isLast ? "   " : "│  "))
        }
    }
}

extension ViewController {
    /// The pointer-free picture of this controller's subtree, presented controllers included.
    public func hierarchySnapshot() -> HierarchyNode {
        var visited = Set<ObjectIdentifier>()
        return snapshot(visited: &visited)
    }

    private func snapshot(visited: inout Set<ObjectIdentifier>) -> HierarchyNode {
        visited.insert(ObjectIdentifier(self))
        var nodes: [HierarchyNode] = []
        for child in childList + [presentedLink].compactMap({ $0 })
        where !visited.contains(ObjectIdentifier(child)) {
            nodes.append(child.snapshot(visited: &visited))
        }
        return HierarchyNode(className: String(describing: type(of: self)),
                             restorationIdentifier: restorationIdentifier, title: title,
                             relation: relation, isViewLoaded: isViewLoaded,
                             appearanceState: appearance, children: nodes)
    }

    /// The subtree drawn as text, one controller per line.
    public func hierarchyDescription() -> String {
        hierarchySnapshot().renderedLines().joined(separator: "\n")
    }
}

extension Window {
    /// The window's hierarchy drawn as text: a header line, then the root's tree.
    public func hierarchyDescription() -> String {
        let size = "\(Int(frame.width))×\(Int(frame.height))"
        var lines = ["Window (\(isHidden ? "hidden" : "shown"), \(size))"]
        guard let root = rootViewController else { return (lines + ["└─ (no root view controller)"]).joined(separator: "\n") }
        let rendered = root.hierarchySnapshot().renderedLines()
        lines.append("└─ " + rendered[0])
        lines.append(contentsOf: rendered.dropFirst().map { "   " + $0 })
        return lines.joined(separator: "\n")
    }
}
