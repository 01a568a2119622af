import ControllerKit
import Foundation
import StateRestoration

/// A snapshot as a tree: window roots, stacks with indices and the top marked, tabs with the
/// selected one marked, split columns, custom children, and each presentation under the
/// controller that presented it.
struct SnapshotTree {
    let snapshot: Snapshot
    let childrenByParent: [Int: [ControllerRecord]]

    init(_ snapshot: Snapshot) {
        self.snapshot = snapshot
        var children: [Int: [ControllerRecord]] = [:]
        // The reader returns parents first and siblings in order, presentations last.
        for record in snapshot.controllers {
            if let parent = record.parentID { children[parent, default: []].append(record) }
        }
        childrenByParent = children
    }

    var roots: [ControllerRecord] { snapshot.controllers.filter { $0.parentID == nil } }

    func children(of record: ControllerRecord) -> [ControllerRecord] { childrenByParent[record.id] ?? [] }

    /// One controller's line, without the tree drawing.
    func line(_ record: ControllerRecord, style: Style) -> String {
        var parts = [style.dim("[\(record.relation)]"), style.bold(record.className), style.cyan(ValueFormatter.quoted(record.identifier))]
        if let title = record.title { parts.append("title=\(ValueFormatter.quoted(title))") }
        parts.append(record.isViewLoaded ? "view loaded" : style.dim("view unloaded"))
        parts.append(record.appearance == .appeared ? style.green("appeared") : record.appearance.rawValue)
        if record.isCollapsed { parts.append("collapsed") }
        return parts.joined(separator: " ")
    }

    /// The header line.
    static func header(_ snapshot: Snapshot) -> String {
        let metadata = snapshot.metadata
        var text = "snapshot \(snapshot.id) · \(ValueFormatter.utc(metadata.createdAt)) · app \(metadata.appVersion) (\(metadata.appBuild)) · \(metadata.platform)"
        if !metadata.label.isEmpty { text += " · \(ValueFormatter.quoted(metadata.label))" }
        return text
    }

    /// The whole tree, one controller per line, drawn with box-drawing characters.
    func lines(style: Style) -> [String] {
        var lines = [Self.header(snapshot)]
        let windows = Dictionary(grouping: roots, by: \.windowIndex)
        for window in windows.keys.sorted() {
            lines.append("window \(window)")
            for root in windows[window] ?? [] { append(root, prefix: "", isLast: true, into: &lines, style: style) }
        }
        if snapshot.controllers.isEmpty { lines.append("(no controllers)") }
        return lines
    }

    private func append(_ record: ControllerRecord, prefix: String, isLast: Bool, into lines: inout [String], style: Style) {
        // An explicit stack, not recursion: a snapshot may be deep.
        var pending: [(ControllerRecord, String, Bool)] = [(record, prefix, isLast)]
        while let (current, currentPrefix, last) = pending.popLast() {
            lines.append(currentPrefix + (last ? "└─ " : "├─ ") + line(current, style: style))
            let childPrefix = currentPrefix + (last ? "   " : "│  ")
            let kids = children(of: current)
            for (index, child) in kids.enumerated().reversed() {
                pending.append((child, childPrefix, index == kids.count - 1))
            }
        }
    }

    /// The tree as nested JSON objects: `{"snapshot": {metadata}, "roots": [node]}`, where a node
    /// is `{"id", "path", "identifier", "class", "class_version", "title", "relation", "window",
    /// "view_loaded", "appearance", "restoration_class", "values", "children"}` (children in
    /// order, then what the node presents). `tree --json` and `export --format json` print it.
    /// `visit` hears each node as it is made.
    func json(visit: () -> Void = {}) -> [String: Any] {
        let formatter = ValueFormatter(snapshot: snapshot)
        func node(_ record: ControllerRecord) -> [String: Any] {
            visit()
            var object = nodeJSON(record, formatter: formatter)
            object["children"] = children(of: record).map(node)
            return object
        }
        return ["snapshot": Self.metadataJSON(snapshot), "roots": roots.map(node)]
    }

    /// One node of ``json(visit:)`` without its `children`.
    func nodeJSON(_ record: ControllerRecord, formatter: ValueFormatter) -> [String: Any] {
        var object: [String: Any] = [
            "id": record.id, "path": record.pathString, "identifier": record.identifier, "class": record.className,
            "class_version": record.classVersion, "relation": Self.relationJSON(record),
            "window": record.windowIndex, "view_loaded": record.isViewLoaded, "appearance": record.appearance.rawValue,
            "values": record.values.mapValues(formatter.json),
        ]
        object["title"] = record.title ?? NSNull()
        object["restoration_class"] = record.restorationClassName ?? NSNull()
        if record.isCollapsed { object["collapsed"] = true }
        return object
    }

    /// Every controller in the order the tree prints them.
    func orderedRecords() -> [ControllerRecord] {
        var ordered: [ControllerRecord] = []
        var pending = roots.sorted { $0.windowIndex < $1.windowIndex }.reversed() as [ControllerRecord]
        while let record = pending.popLast() {
            ordered.append(record)
            pending.append(contentsOf: children(of: record).reversed())
        }
        return ordered
    }

    static func relationJSON(_ record: ControllerRecord) -> [String: Any] {
        switch record.relation {
        case .windowRoot: return ["kind": "root", "window": record.windowIndex]
        case .navigationStack(let index, let isTop): return ["kind": "stack", "index": index, "top": isTop]
        case .tab(let index, let isSelected): return ["kind": "tab", "index": index, "selected": isSelected]
        case .splitColumn(let column): return ["kind": "column", "column": column.rawValue]
        case .child(let index): return ["kind": "child", "index": index]
        case .presented(let style): return ["kind": "presented", "style": style.name]
        case .detached: return ["kind": "detached"]
        }
    }

    static func metadataJSON(_ snapshot: Snapshot) -> [String: Any] {
        let metadata = snapshot.metadata
        return ["id": snapshot.id, "created_at": ValueFormatter.utc(metadata.createdAt), "app_version": metadata.appVersion,
                "app_build": metadata.appBuild, "schema_version": metadata.schemaVersion, "platform": metadata.platform,
                "label": metadata.label, "windows": snapshot.windowCount, "controllers": snapshot.controllers.count]
    }
}
