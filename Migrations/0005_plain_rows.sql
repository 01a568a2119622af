-- navstate schema 5: a row per controller with named columns; keyed values shared by content.
-- Released: never edit this file; change the schema with a new numbered file.
--
-- Every table of schemas 1 to 4 goes. Before this script runs, the store reads every snapshot
-- of the old layout (rows, deltas over an anchor, packed chunks) into memory; after it, it
-- writes them back as schema 5 rows, with their ids, times and crash marks, in the same
-- transaction. A row whose old checksum did not match is written with a checksum that does not
-- match either, so a damaged controller stays reported as damaged.

DROP TABLE IF EXISTS snapshot_state_chunk;
DROP TABLE IF EXISTS node_chunk;
DROP TABLE IF EXISTS state_chunk;
DROP TABLE IF EXISTS removed_node;
DROP TABLE IF EXISTS node;
DROP TABLE IF EXISTS object;
DROP TABLE IF EXISTS controller_state;
DROP TABLE IF EXISTS snapshot;

-- One complete saved state of an application.
CREATE TABLE snapshot (
    id                 INTEGER PRIMARY KEY,
    created_at         TEXT    NOT NULL,             -- ISO 8601, UTC, milliseconds
    app_version        TEXT    NOT NULL,
    app_build          TEXT    NOT NULL,
    schema_version     INTEGER NOT NULL,
    platform           TEXT    NOT NULL,
    label              TEXT    NOT NULL DEFAULT '',
    window_count       INTEGER NOT NULL CHECK (window_count >= 0),
    controller_count   INTEGER NOT NULL CHECK (controller_count >= 0),
    -- The app's own keys (its delegate's willEncodeRestorableState), a payload; NULL when none.
    payload_hash       INTEGER,
    -- Set when a restore of this snapshot starts and cleared when it ends: a restore that dies
    -- part-way leaves it set, and later restores skip the snapshot (the crash rule).
    restore_started_at TEXT,
    -- Over created_at to payload_hash, in that order.
    checksum           INTEGER NOT NULL
);

-- Keyed values (PayloadCodec bytes), one row per distinct content: every controller and object
-- whose values are byte for byte the same points at the same row, in any snapshot.
CREATE TABLE payload (
    hash  INTEGER PRIMARY KEY,                        -- the checksum of `bytes`
    bytes BLOB    NOT NULL
);

-- One controller of one snapshot: where it hangs, what it is, and its keyed values' payload.
CREATE TABLE controller (
    snapshot_id       INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
    node_id           INTEGER NOT NULL CHECK (node_id > 0),   -- also its id for object references
    parent_id         INTEGER,                                 -- parent or presenter; NULL for a window root
    path              TEXT    NOT NULL,                        -- '/tabs/inbox/message'
    identifier        TEXT    NOT NULL,
    title             TEXT,
    window_index      INTEGER NOT NULL CHECK (window_index >= 0),
    relation          TEXT    NOT NULL CHECK (relation = 'root' OR relation = 'stack' OR relation = 'tab'
                                              OR relation = 'column' OR relation = 'child' OR relation = 'presented'),
    position          INTEGER NOT NULL CHECK (position >= 0),  -- stack, tab or child index; column 0/1
    style             TEXT,                                    -- presentation style of a 'presented' row
    is_selected       INTEGER NOT NULL CHECK (is_selected BETWEEN 0 AND 1),
    is_collapsed      INTEGER NOT NULL CHECK (is_collapsed BETWEEN 0 AND 1),
    view_loaded       INTEGER NOT NULL CHECK (view_loaded BETWEEN 0 AND 1),
    appearance        TEXT    NOT NULL,
    class_name        TEXT    NOT NULL,
    class_version     INTEGER NOT NULL,
    restoration_class TEXT,
    payload_hash      INTEGER NOT NULL,                        -- payload(hash); checked by readers
    checksum          INTEGER NOT NULL,                        -- over the columns above, in order
    PRIMARY KEY (snapshot_id, node_id)
) WITHOUT ROWID;

-- Restorable objects other than controllers: those controllers referenced, and those the app
-- registered by instance under an identifier.
CREATE TABLE object (
    snapshot_id   INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
    object_id     INTEGER NOT NULL CHECK (object_id > 0),
    identifier    TEXT,                                        -- the app's registration; NULL when referenced only
    class_name    TEXT    NOT NULL,
    class_version INTEGER NOT NULL,
    payload_hash  INTEGER NOT NULL,
    checksum      INTEGER NOT NULL,                            -- over the columns above, in order
    PRIMARY KEY (snapshot_id, object_id)
) WITHOUT ROWID;

-- Every snapshot's controllers with their parent's path and their keyed values, for plain SQL:
--   SELECT path, class_name FROM snapshot_controller WHERE snapshot_id = 2;
CREATE VIEW snapshot_controller AS
SELECT c.snapshot_id, c.node_id, c.path, p.path AS parent_path, c.parent_id, c.identifier, c.title,
       c.class_name, c.class_version, c.restoration_class, c.window_index, c.relation, c.position, c.style,
       c.is_selected, c.is_collapsed, c.view_loaded, c.appearance, c.payload_hash, v.bytes AS payload
FROM controller c
LEFT JOIN controller p ON p.snapshot_id = c.snapshot_id AND p.node_id = c.parent_id
LEFT JOIN payload v ON v.hash = c.payload_hash;
