-- navstate schema 2: node's relation check as comparisons instead of an IN list.
-- Released: never edit this file; change the schema with a new numbered file.

-- SQLite checks `relation IN (six values)` in a CHECK constraint by building a temporary index
-- for every row inserted: a node insert cost about ten times a controller_state insert, a
-- seventh of a save of 1,000 controllers (callgrind and the benchmark). A chain of comparisons
-- accepts exactly the same values without it. SQLite cannot change a constraint in place, so
-- the table is rebuilt: its rows are copied as they are, checksums included. Nothing refers to
-- node, so foreign keys stay on throughout.
CREATE TABLE node_new (
    snapshot_id  INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
    node_id      INTEGER NOT NULL CHECK (node_id > 0),  -- also its object id for references
    parent_id    INTEGER,                                -- parent or presenter; NULL for a window root
    path         TEXT    NOT NULL,
    identifier   TEXT    NOT NULL,
    title        TEXT,                                   -- the controller's title, for tools
    window_index INTEGER NOT NULL CHECK (window_index >= 0),
    relation     TEXT    NOT NULL CHECK (relation = 'root' OR relation = 'stack' OR relation = 'tab'
                                         OR relation = 'column' OR relation = 'child' OR relation = 'presented'),
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

INSERT INTO node_new (snapshot_id, node_id, parent_id, path, identifier, title, window_index, relation, position, style,
                      is_selected, is_collapsed, view_loaded, appearance, state_id, checksum)
SELECT snapshot_id, node_id, parent_id, path, identifier, title, window_index, relation, position, style,
       is_selected, is_collapsed, view_loaded, appearance, state_id, checksum
FROM node;

DROP TABLE node;
ALTER TABLE node_new RENAME TO node;
CREATE UNIQUE INDEX node_path ON node(snapshot_id, path);
CREATE INDEX node_state ON node(state_id);
