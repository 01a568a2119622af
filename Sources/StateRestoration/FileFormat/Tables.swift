/// The columns a table's `checksum` covers, named as in SQL, in the checksum's order: every
/// `INSERT`, `SELECT` and checksum is made from the cases (docs/schema.md, "Checksums"), so
/// reordering them fails every saved row.
protocol TableColumn: CaseIterable, RawRepresentable, Sendable where RawValue == Int, AllCases == [Self] {
    static var table: String { get }
    static var names: [String] { get }
}

extension TableColumn {
    var name: String { Self.names[rawValue] }

    static func caseNames() -> [String] { allCases.map { String(describing: $0) } }

    /// Every column and `checksum`, each prefixed with `alias` (`c.node_id`), for a `SELECT`.
    static func selecting(from alias: String) -> String {
        (names + ["checksum"]).map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    /// The `INSERT` of `leading` columns, then every column, then `checksum`.
    static func insert(_ verb: String = "INSERT", leading: [String] = []) -> String {
        let columns = leading + names + ["checksum"]
        return "\(verb) INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
    }
}

/// `snapshot`: `id` and the marks set after the save are outside the checksum.
enum SnapshotColumn: Int, TableColumn {
    static let table = "snapshot"
    static let names = caseNames()
    case created_at, app_version, app_build, schema_version, platform, label, window_count, controller_count, payload_hash
}

enum ControllerColumn: Int, TableColumn {
    static let table = "controller"
    static let names = caseNames()
    case snapshot_id, node_id, parent_id, path, identifier, title, window_index, relation, position, style, is_selected,
         is_collapsed, view_loaded, appearance, class_name, class_version, restoration_class, payload_hash
}

enum ObjectColumn: Int, TableColumn {
    static let table = "object"
    static let names = caseNames()
    case snapshot_id, object_id, identifier, class_name, class_version, payload_hash
}

/// `scene_session`: `id`, its opening order, is outside the checksum.
enum SceneSessionColumn: Int, TableColumn {
    static let table = "scene_session"
    static let names = caseNames()
    case persistent_identifier, role, configuration_name, user_info
}

enum SceneActivityColumn: Int, TableColumn {
    static let table = "scene_activity"
    static let names = caseNames()
    case session_id, activity_type, title, user_info, required_user_info_keys, is_eligible_for_handoff,
         is_eligible_for_search, is_eligible_for_prediction, is_eligible_for_public_indexing, persistent_identifier,
         target_content_identifier, keywords, webpage_url
}
