-- A queued run keeps at most 1000 trigger tokens; later matches merge into it, and the tokens
-- beyond the cap are counted here instead of kept.
ALTER TABLE wake_run_log ADD COLUMN tokens_left_out INTEGER DEFAULT 0 NOT NULL;
