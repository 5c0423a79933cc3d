-- An audit trail worth keeping. The request id is now always the server's own; a client's id, when
-- it sent a well-formed one, is kept beside it (client_request_id). Refusals of requests without a
-- signed-in caller (401, 421, 413, 429, ...) are no longer one row each: each node counts them per
-- client address and writes one summary row per client and window, with how many there were
-- (request_count), the first (occurred_at) and last (last_at) time and the count of each status
-- (refusals, e.g. '401:9990,413:10'). Every other row counts one request and has no last_at or
-- refusals. Rows from before this version name no client address.
ALTER TABLE audit_events ADD COLUMN client_request_id VARCHAR(64);
ALTER TABLE audit_events ADD COLUMN client_address VARCHAR(64);
ALTER TABLE audit_events ADD COLUMN request_count INTEGER DEFAULT 1 NOT NULL;
ALTER TABLE audit_events ADD COLUMN last_at TIMESTAMP;
ALTER TABLE audit_events ADD COLUMN refusals VARCHAR(256);

CREATE INDEX idx_audit_events_client ON audit_events (client_address, occurred_at);
