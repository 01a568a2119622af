-- Crash-loop quarantine. A restored snapshot is on probation (probation_started_at) until the app
-- says its launch went well or the probation period passes; a process that dies on probation
-- leaves the mark, and the next restore counts a strike. At the configured number of strikes the
-- snapshot is quarantined (quarantined_at): kept for inspection, never restored automatically.
-- Like restore_started_at, these columns change after the save and are outside the checksum.
ALTER TABLE snapshot ADD COLUMN probation_started_at TEXT;
ALTER TABLE snapshot ADD COLUMN strikes INTEGER NOT NULL DEFAULT 0 CHECK (strikes >= 0);
ALTER TABLE snapshot ADD COLUMN quarantined_at TEXT;
