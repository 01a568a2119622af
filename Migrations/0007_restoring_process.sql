-- Which process set a snapshot's crash mark (restore_started_at) or probation
-- (probation_started_at): a mark counts against the snapshot only once that process is gone
-- without its launch having counted as good, so a process that is still running, or that
-- restores again, is never taken for one that crashed. The text is the boot id, process id and
-- start time of the process (see docs/behaviour.md); NULL on marks from schema 6, which count as
-- left by a process that is gone. Outside the checksum, like the marks themselves.
ALTER TABLE snapshot ADD COLUMN restoring_process TEXT;
