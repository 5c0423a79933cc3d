-- The audit trail: one row per state-changing API request (POST, PUT, PATCH, DELETE), refused
-- ones included, written after the request's own work. Append-only: rows are never updated, so no
-- version column. The principal is the caller's name ('anonymous' when it presented none or bad
-- credentials); agent_id names the agent a request addressed, when it addressed one.

CREATE TABLE audit_events (
    id           VARCHAR(36)    NOT NULL,
    occurred_at  TIMESTAMP      NOT NULL,
    request_id   VARCHAR(64)    NOT NULL,
    principal    VARCHAR(256)   NOT NULL,
    roles        VARCHAR(64)    NOT NULL,
    mechanism    VARCHAR(16)    NOT NULL,
    http_method  VARCHAR(8)     NOT NULL,
    path         VARCHAR(1024)  NOT NULL,
    agent_id     VARCHAR(64),
    target_ids   VARCHAR(512),
    status       INTEGER        NOT NULL,
    outcome      VARCHAR(16)    NOT NULL,
    CONSTRAINT pk_audit_events PRIMARY KEY (id),
    CONSTRAINT ck_audit_events_outcome CHECK (outcome IN ('succeeded', 'failed', 'refused'))
);

CREATE INDEX idx_audit_events_time ON audit_events (occurred_at);
CREATE INDEX idx_audit_events_principal ON audit_events (principal, occurred_at);
CREATE INDEX idx_audit_events_agent ON audit_events (agent_id, occurred_at);
