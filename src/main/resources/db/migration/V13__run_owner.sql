-- Which node and boot of the server runs a started run ("<nodeId>/<bootId>"): a second delivery
-- of a run that is live in this JVM is dropped, one left by this node's previous boot is re-run at
-- once, and one another node is running waits for its lease.
ALTER TABLE wake_run_log ADD COLUMN run_owner VARCHAR(200);
