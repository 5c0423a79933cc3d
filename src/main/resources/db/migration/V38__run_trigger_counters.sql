-- The hosts' counters of the batches that woke a subscription run (a JSON object, host to the
-- highest counter; NULL when no batch named a host and counter): once the run completes they join
-- the agent's processedCounterByHost, and a batch whose counter is not past that is a stale trigger.
ALTER TABLE wake_run_log ADD COLUMN trigger_counters ${text_type};
