-- The step of its run that made a tool call (run_steps.step_index), so that the ledger, the run's
-- steps and the traces line up; null for calls made outside runs and for rows written before.
ALTER TABLE tool_calls ADD COLUMN step_index INTEGER;
