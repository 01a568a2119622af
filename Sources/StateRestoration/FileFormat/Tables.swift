/// The columns of the tables a snapshot is written to (`Migrations/0005_plain_rows.sql`), each
/// list in the order its rows' `checksum` covers them: the writer's `INSERT`, the reader's
/// `SELECT` and the checksum all follow these lists, so no column order is written out twice.
///
/// The orders are the files' own: changing one makes every saved row fail its checksum.
enum Tables {
    /// `snapshot`: its metadata and the app's payload; `id` and the marks set after the save are
    /// outside the checksum.
    static let snapshot = ["created_at", "app_version", "app_build", "schema_version", "platform", "label",
                           "window_count", "controller_count", "payload_hash"]
    /// `controller`: one saved controller.
    static let controller = ["snapshot_id", "node_id", "parent_id", "path", "identifier", "title", "window_index",
                             "relation", "position", "style", "is_selected", "is_collapsed", "view_loaded", "appearance",
                             "class_name", "class_version", "restoration_class", "payload_hash"]
    /// `object`: one saved object other than a controller.
    static let object = ["snapshot_id", "object_id", "identifier", "class_name", "class_version", "payload_hash"]

    /// `columns` and `checksum`, each prefixed with `alias` (`c.node_id`), for a `SELECT`.
    static func selecting(_ columns: [String], from alias: String) -> String {
        (columns + ["checksum"]).map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    /// The `INSERT` of a row's `columns` (with `leading` before them) and its checksum.
    static func insert(_ verb: String = "INSERT", into table: String, leading: [String] = [], _ columns: [String]) -> String {
        let names = leading + columns + ["checksum"]
        return "\(verb) INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))"
    }
}
