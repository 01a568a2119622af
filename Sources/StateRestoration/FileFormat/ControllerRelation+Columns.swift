import ControllerKit

/// A relation as the `controller` table's columns hold it (docs/schema.md): a window root's
/// position is its window; a stack's top is not stored: it is the member at the highest position.
extension ControllerRelation {
    /// The `relation`, `position`, `style` and `is_selected` columns; `nil` for ``detached`` (never saved).
    func columns(window: Int) -> (name: String, position: Int, style: String?, isSelected: Bool)? {
        switch self {
        case .windowRoot: ("root", window, nil, false)
        case .navigationStack(let index, _): ("stack", index, nil, false)
        case .tab(let index, let selected): ("tab", index, nil, selected)
        case .splitColumn(let column): ("column", column == .primary ? 0 : 1, nil, false)
        case .child(let index): ("child", index, nil, false)
        case .presented(let presentation): ("presented", 0, presentation.name, false)
        case .detached: nil
        }
    }

    /// The relation these columns describe (the reader marks a stack's top), or why they describe none.
    static func fromColumns(name: String, position: Int, style: String?,
                            isSelected: Bool) throws(SnapshotProblem.Reason) -> ControllerRelation {
        switch name {
        case "root": return .windowRoot
        case "stack": return .navigationStack(index: position, isTop: false)
        case "tab": return .tab(index: position, isSelected: isSelected)
        case "child": return .child(index: position)
        case "column":
            guard position == 0 || position == 1 else { throw .badColumn(position) }
            return .splitColumn(position == 0 ? .primary : .secondary)
        case "presented":
            guard let style, let presentation = ModalPresentationStyle(name: style) else { throw .unknownStyle(style ?? "NULL") }
            return .presented(style: presentation)
        default: throw .unknownRelation(name)
        }
    }
}
