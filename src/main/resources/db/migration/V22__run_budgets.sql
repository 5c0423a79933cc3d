-- Run budgets: the limits a run was started under (its run spec, a small JSON document fixed at its
-- first start and kept across restarts; null for runs from before budgets), and the code of the
-- budget that stopped a failed run (null for other failures and for every other status).
ALTER TABLE wake_run_log ADD COLUMN run_spec VARCHAR(1000);
ALTER TABLE wake_run_log ADD COLUMN error_code VARCHAR(64);
