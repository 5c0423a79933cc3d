-- What lies behind the batch that woke a run: how many agent runs in a row led to it (0 for a
-- person's or another system's batch, a timer, a session turn or a manual wake) and the agents
-- that ran them, a JSON array, the earliest first (NULL when none). The runs' own batches carry
-- one hop more, and a wake whose cause is too deep, or has passed through the agent it would wake,
-- is recorded skipped instead of run.
ALTER TABLE wake_run_log ADD COLUMN cause_hops INT DEFAULT 0 NOT NULL;
ALTER TABLE wake_run_log ADD COLUMN cause_chain ${text_type};
