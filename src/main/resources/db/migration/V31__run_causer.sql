-- Who caused a run: the role of the person whose session turn or manual wake queued it (NULL for
-- the wakes Reveille makes itself: subscriptions, timers). Written with the run's first insert and
-- never changed, so a run recovered after a crash keeps it; the tool executor holds the calls whose
-- effects go beyond it for an admin's approval.
ALTER TABLE wake_run_log ADD COLUMN caused_by VARCHAR(16);
ALTER TABLE wake_run_log ADD CONSTRAINT ck_wake_run_log_caused_by CHECK (caused_by IS NULL OR caused_by IN
  ('viewer', 'operator', 'admin', 'producer'));
