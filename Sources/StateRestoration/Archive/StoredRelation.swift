import ControllerKit

/// A relation as the `controller` table's columns hold it: `relation`, `position`, `style` and
/// `is_selected` (`window_index` names the window of a root).
struct StoredRelation {
    var name: String
    var position: Int
    var style: String?
    var isSelected: Bool

    init(_ relation: SavedRelation) {
        switch relation {
        case .windowRoot(let window): (name, position, style, isSelected) = ("root", window, nil, false)
        case .stack(let index): (name, position, style, isSelected) = ("stack", index, nil, false)
        case .tab(let index, let selected): (name, position, style, isSelected) = ("tab", index, nil, selected)
        case .column(let column): (name, position, style, isSelected) = ("column", column == .primary ? 0 : 1, nil, false)
        case .child(let index): (name, position, style, isSelected) = ("child", index, nil, false)
        case .presented(let presentation): (name, position, style, isSelected) = ("presented", 0, presentation.name, false)
        }
    }

    /// The relation these columns describe, or why they describe none.
    static func relation(name: String, position: Int, style: String?, isSelected: Bool,
                         window: Int) -> Result<SavedRelation, SnapshotProblem.Reason> {
        switch name {
        case "root": return .success(.windowRoot(window: window))
        case "stack": return .success(.stack(index: position))
        case "tab": return .success(.tab(index: position, isSelected: isSelected))
        case "child": return .success(.child(index: position))
        case "column":
            guard position == 0 || position == 1 else { return .failure(.badColumn(position)) }
            return .success(.column(position == 0 ? .primary : .secondary))
        case "presented":
            guard let style, let presentation = ModalPresentationStyle(name: style) else {
                return .failure(.unknownStyle(style ?? "NULL"))
            }
            return .success(.presented(style: presentation))
        default:
            return .failure(.unknownRelation(name))
        }
    }
}
