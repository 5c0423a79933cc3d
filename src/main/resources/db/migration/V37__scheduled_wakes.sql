-- A wake the agent set itself (the set_next_wake tool): a run log reason of its own.
ALTER TABLE wake_run_log DROP CONSTRAINT ck_wake_run_log_reason;
ALTER TABLE wake_run_log ADD CONSTRAINT ck_wake_run_log_reason CHECK (reason IN
  ('subscription', 'timer', 'timerCatchup', 'manual', 'userInitiated', 'recovery', 'scheduled'));
