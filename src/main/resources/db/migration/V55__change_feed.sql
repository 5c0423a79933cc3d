-- The change feed behind GET /api/events follows agents, runs and proposals by the time each last
-- changed: a run now keeps when its status last moved, and each of the three is indexed by it.
ALTER TABLE wake_run_log ADD COLUMN updated_at TIMESTAMP;
UPDATE wake_run_log SET updated_at = COALESCE(completed_at, started_at, created_at);
CREATE INDEX idx_wake_run_log_updated ON wake_run_log (updated_at, run_key);
CREATE INDEX idx_agents_updated ON agents (updated_at, id);
CREATE INDEX ix_tool_proposals_updated ON tool_proposals (updated_at, id);
-- What waits for a person across agents ("needs you"): pending proposals by when they were made.
CREATE INDEX ix_tool_proposals_status ON tool_proposals (status, created_at);
