-- navstate schema 8: scene sessions (iOS 13's multi-window apps) and the activity each restores
-- with, as rows with named columns; every snapshot belongs to one session.
-- Released: never edit this file; change the schema with a new numbered file.
--
-- Every snapshot saved before is kept as the state of one session, `default`, which is also
-- where an app without scenes keeps saving: an app that moves to scenes finds its old state as
-- its first session. That session's row is written by the store after this script (its checksum
-- is computed in Swift), in the same transaction, and only when there are snapshots to keep.

-- One scene session that was open when the app last saved it; `id` is the order the sessions
-- were first saved in.
CREATE TABLE scene_session (
    id                    INTEGER PRIMARY KEY,
    persistent_identifier TEXT    NOT NULL UNIQUE,
    role                  TEXT    NOT NULL,     -- UIKit's raw value: 'UIWindowSceneSessionRoleApplication'
    configuration_name    TEXT,
    -- The session's userInfo as JSON, each value an object naming its type:
    --   {"folder": {"string": "Inbox"}}; NULL when it has none.
    user_info             TEXT    CHECK (user_info IS NULL OR json_valid(user_info)),
    checksum              INTEGER NOT NULL      -- over persistent_identifier to user_info, in order
);

-- The activity a session restores with (its stateRestorationActivity), one at most.
CREATE TABLE scene_activity (
    session_id                      INTEGER PRIMARY KEY REFERENCES scene_session(id) ON DELETE CASCADE,
    activity_type                   TEXT    NOT NULL,
    title                           TEXT,
    -- As the session's: json_extract(user_info, '$.messageID.integer').
    user_info                       TEXT    CHECK (user_info IS NULL OR json_valid(user_info)),
    required_user_info_keys         TEXT    CHECK (required_user_info_keys IS NULL OR json_valid(required_user_info_keys)),
    is_eligible_for_handoff         INTEGER NOT NULL CHECK (is_eligible_for_handoff BETWEEN 0 AND 1),
    is_eligible_for_search          INTEGER NOT NULL CHECK (is_eligible_for_search BETWEEN 0 AND 1),
    is_eligible_for_prediction      INTEGER NOT NULL CHECK (is_eligible_for_prediction BETWEEN 0 AND 1),
    is_eligible_for_public_indexing INTEGER NOT NULL CHECK (is_eligible_for_public_indexing BETWEEN 0 AND 1),
    persistent_identifier           TEXT,
    target_content_identifier       TEXT,
    keywords                        TEXT    NOT NULL CHECK (json_valid(keywords)),   -- a JSON array, sorted
    webpage_url                     TEXT,
    checksum                        INTEGER NOT NULL  -- over session_id to webpage_url, in order
);

-- The session a snapshot is the state of: deleting a session deletes its snapshots (and pruning
-- then the payloads no kept row names). Outside the snapshot's checksum, whose columns schema 5
-- fixed, like the crash marks.
ALTER TABLE snapshot ADD COLUMN session_id INTEGER REFERENCES scene_session(id) ON DELETE CASCADE;
CREATE INDEX snapshot_session ON snapshot(session_id, id);
