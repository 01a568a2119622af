-- navstate schema 1: snapshots of controller hierarchies.
-- Released: never edit this file; change the schema with a new numbered file.

-- Marks the file as a navstate database ('NAVS'), so another application's SQLite file is
-- recognised and refused rather than migrated.
PRAGMA application_id = 1312904787;

-- Which migrations ran, and when (the version itself is also in PRAGMA user_version).
CREATE TABLE schema_migration (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    applied_at TEXT    NOT NULL
);

-- One complete saved state of an application. A full snapshot (an anchor) holds a node row per
-- controller; a delta snapshot names its anchor in base_id and holds only the node rows that
-- differ from it, plus removed_node rows for the anchor's controllers it no longer has. Readers
-- overlay the two; an anchor cannot be deleted while a delta uses it.
CREATE TABLE snapshot (
    id                 INTEGER PRIMARY KEY,
    base_id            INTEGER REFERENCES snapshot(id),
    created_at         TEXT    NOT NULL,             -- ISO 8601, UTC
    app_version        TEXT    NOT NULL,
    app_build          TEXT    NOT NULL,
    schema_version     INTEGER NOT NULL,
    platform           TEXT    NOT NULL,
    label              TEXT    NOT NULL DEFAULT '',
    window_count       INTEGER NOT NULL CHECK (window_count >= 0),
    controller_count   INTEGER NOT NULL CHECK (controller_count >= 0),
    -- Set when a restore of this snapshot starts and cleared when it ends: a restore that dies
    -- part-way leaves it set, and later restores skip the snapshot (the crash rule).
    restore_started_at TEXT,
    -- FNV-1a over the columns above but id and restore_started_at: SQLite pages carry no checksum, and a
    -- damaged byte must be reported rather than restored as a different value.
    checksum           INTEGER NOT NULL
);

-- One controller's class and encoded keyed values. Rows are shared by every snapshot whose
-- node points at them, so a save that changes little writes little.
CREATE TABLE controller_state (
    id                INTEGER PRIMARY KEY,
    class_name        TEXT    NOT NULL,
    class_version     INTEGER NOT NULL,
    restoration_class TEXT,
    payload           BLOB    NOT NULL,             -- the keyed values, see README "Payload format"
    checksum          INTEGER NOT NULL              -- FNV-1a over the columns above
);

-- One controller's place in one snapshot.
CREATE TABLE node (
    snapshot_id  INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
    node_id      INTEGER NOT NULL CHECK (node_id > 0),  -- also its object id for references
    parent_id    INTEGER,                                -- parent or presenter; NULL for a window root
    path         TEXT    NOT NULL,
    identifier   TEXT    NOT NULL,
    title        TEXT,                                   -- the controller's title, for tools
    window_index INTEGER NOT NULL CHECK (window_index >= 0),
    relation     TEXT    NOT NULL CHECK (relation IN ('root', 'stack', 'tab', 'column', 'child', 'presented')),
    position     INTEGER NOT NULL CHECK (position >= 0), -- stack, tab or child index; column 0/1
    style        TEXT,                                   -- presentation style of a 'presented' node
    is_selected  INTEGER NOT NULL DEFAULT 0 CHECK (is_selected IN (0, 1)),   -- the selected tab
    is_collapsed INTEGER NOT NULL DEFAULT 0 CHECK (is_collapsed IN (0, 1)),  -- a collapsed split
    view_loaded  INTEGER NOT NULL CHECK (view_loaded IN (0, 1)),
    appearance   TEXT    NOT NULL,
    state_id     INTEGER NOT NULL REFERENCES controller_state(id),
    checksum     INTEGER NOT NULL,                       -- FNV-1a over the columns above
    -- parent_id names a node of this snapshot or of its anchor, so it is checked by readers.
    PRIMARY KEY (snapshot_id, node_id)
) WITHOUT ROWID;

CREATE UNIQUE INDEX node_path ON node(snapshot_id, path);
CREATE INDEX node_state ON node(state_id);

-- A controller of a delta snapshot's anchor that the delta no longer holds.
CREATE TABLE removed_node (
    snapshot_id INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
    node_id     INTEGER NOT NULL,
    checksum    INTEGER NOT NULL,                        -- FNV-1a over the columns above
    PRIMARY KEY (snapshot_id, node_id)
) WITHOUT ROWID;

-- Restorable objects other than controllers that controllers referenced.
CREATE TABLE object (
    snapshot_id   INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
    object_id     INTEGER NOT NULL CHECK (object_id > 0),
    class_name    TEXT    NOT NULL,
    class_version INTEGER NOT NULL,
    payload       BLOB    NOT NULL,
    checksum      INTEGER NOT NULL,                     -- FNV-1a over the columns above
    PRIMARY KEY (snapshot_id, object_id)
) WITHOUT ROWID;
