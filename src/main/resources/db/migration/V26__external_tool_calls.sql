-- External tool calls on the ledger: the Idempotency-Key sent to the provider (a SHA-256 in hex,
-- the same on every attempt), the action message the call answers (so that a person's resolution
-- of a call in doubt can close it), and who resolved it and why. Plain ALTERs and a plain index:
-- the same on Derby and PostgreSQL.
ALTER TABLE tool_calls ADD COLUMN external_idempotency_key VARCHAR(64);
ALTER TABLE tool_calls ADD COLUMN action_id VARCHAR(64);
ALTER TABLE tool_calls ADD COLUMN resolved_by VARCHAR(200);
ALTER TABLE tool_calls ADD COLUMN resolution_note VARCHAR(2000);
CREATE INDEX idx_tool_calls_external_key ON tool_calls (external_idempotency_key);
