-- Scheduled wakes: a timer's optional bounds, and on each timer wake the nominal firings it stands
-- for, so that the run log accounts for every firing: ran, coalesced into a catch-up, or skipped.

ALTER TABLE agent_timers ADD COLUMN not_before TIMESTAMP;
ALTER TABLE agent_timers ADD COLUMN not_after TIMESTAMP;

ALTER TABLE wake_run_log ADD COLUMN scheduled_at TIMESTAMP;
ALTER TABLE wake_run_log ADD COLUMN scheduled_until TIMESTAMP;
ALTER TABLE wake_run_log ADD COLUMN firings BIGINT;

CREATE INDEX idx_wake_run_log_reason_id ON wake_run_log (reason_id, scheduled_at);
