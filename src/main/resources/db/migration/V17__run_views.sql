-- Runs across agents, newest first (GET /api/runs): the order of the list, read a page at a time.
CREATE INDEX idx_wake_run_log_created ON wake_run_log (created_at, run_key);
-- The messages one run wrote (their trigger is its run key), for the run's detail.
CREATE INDEX idx_agent_messages_agent_trigger ON agent_messages (agent_id, trigger_source_id);
