-- navstate schema 3: no index on node paths.
-- Released: never edit this file; change the schema with a new numbered file.

-- No query looks a node up by its path: every reader loads a snapshot's rows whole. The unique
-- index only restated two checks that exist anyway (a save refuses a hierarchy with two equal
-- paths and names both; a restore drops a duplicate path and reports it), and keeping it cost a
-- B-tree insert keyed by the full path text for every controller saved (callgrind: about a
-- seventh of SQLite's work in a save).
DROP INDEX IF EXISTS node_path;
