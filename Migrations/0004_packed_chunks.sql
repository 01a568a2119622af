-- navstate schema 4: controllers packed many to a row.
-- Released: never edit this file; change the schema with a new numbered file.

-- A row per controller cost SQLite two B-tree inserts and an index insert for every controller
-- saved: at 1,000 and 10,000 controllers that was most of a save, and it kept saves at about
-- twice the speed of a JSON file (README, "Performance"). From schema 4 a save writes its
-- controllers in chunks of up to 256, one row per chunk: records packed by RowChunk (README,
-- "Chunk format"), each record with the same checksum its table row had, so a damaged byte
-- still loses one controller; a chunk's frame has a checksum of its own.
--
-- Snapshots written before schema 4 keep their node and controller_state rows and are read
-- as before; those tables stay for them and take no new rows.

-- Controller states (class, version, restoration class, payload, checksum), up to 256 to a row.
-- Shared by every snapshot that links it, as controller_state rows were shared.
CREATE TABLE state_chunk (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    state_count INTEGER NOT NULL CHECK (state_count > 0),
    records     BLOB    NOT NULL,             -- RowChunk records
    checksum    INTEGER NOT NULL              -- FNV-1a over the id and the records' frame
);

-- One snapshot's node records (its place in the hierarchy, as node's columns, and its state's
-- key: the state chunk's id times 4096 plus the record's index in it), up to 256 to a row.
CREATE TABLE node_chunk (
    snapshot_id INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
    chunk       INTEGER NOT NULL CHECK (chunk >= 0),
    node_count  INTEGER NOT NULL CHECK (node_count > 0),
    records     BLOB    NOT NULL,             -- RowChunk records
    checksum    INTEGER NOT NULL,             -- FNV-1a over the snapshot id, the chunk and the records' frame
    PRIMARY KEY (snapshot_id, chunk)
) WITHOUT ROWID;

-- Which state chunks a snapshot's node records use: a foreign key keeps a chunk from being
-- deleted while a snapshot uses it, and pruning deletes the chunks no snapshot links.
CREATE TABLE snapshot_state_chunk (
    snapshot_id    INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
    state_chunk_id INTEGER NOT NULL REFERENCES state_chunk(id),
    PRIMARY KEY (snapshot_id, state_chunk_id)
) WITHOUT ROWID;

CREATE INDEX snapshot_state_chunk_state ON snapshot_state_chunk(state_chunk_id);
