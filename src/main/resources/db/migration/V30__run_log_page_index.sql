-- One agent's run log, newest first (GET /api/agents/{id}/wakes), read a page at a time straight
-- from an index in the order of the list (created_at, then run_key): no sort of all the agent's
-- runs for every page. Its keys never change after the insert, so a read-committed scan cannot
-- miss or repeat a run whose status changes while the page is read. On Derby, whose scans lock
-- rather than read a snapshot, a page read through the (agent_id, status) index could do just
-- that: a run completing during the scan moved its entry behind the scan position.
DROP INDEX idx_wake_run_log_agent;
CREATE INDEX idx_wake_run_log_agent ON wake_run_log (agent_id, created_at DESC, run_key DESC);
