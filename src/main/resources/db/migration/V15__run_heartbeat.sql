-- The last time the run's owner said it is still working on the run (its heartbeat). A started
-- run's lease runs from its start or its last heartbeat, whichever is later: a long run that keeps
-- beating is never taken over, one whose owner stopped is recovered by any node after the lease.
ALTER TABLE wake_run_log ADD COLUMN heartbeat_at TIMESTAMP;
