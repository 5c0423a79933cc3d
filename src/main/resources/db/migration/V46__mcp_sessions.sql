-- A session of an MCP client (the Streamable HTTP transport at /api/agents/{id}/mcp): on behalf of
-- one agent, opened by one principal. Kept in the database so that any node of a cluster answers
-- it: id_hash is the SHA-256 of the Mcp-Session-Id the client holds (the id itself is not stored).
-- subscriptions lists the resource URIs the client asked to be told about (resources/subscribe),
-- one per line; report_seen is the report it was last told about (notifications/resources/updated).
CREATE TABLE mcp_sessions (
    id_hash           VARCHAR(64)   NOT NULL,
    version           BIGINT        NOT NULL,
    agent_id          VARCHAR(64)   NOT NULL,
    principal         VARCHAR(200)  NOT NULL,
    protocol_version  VARCHAR(16)   NOT NULL,
    client_name       VARCHAR(200),
    client_version    VARCHAR(100),
    log_level         VARCHAR(16)   NOT NULL,
    subscriptions     ${text_type},
    report_seen       VARCHAR(64),
    created_at        TIMESTAMP     NOT NULL,
    last_seen_at      TIMESTAMP     NOT NULL,
    closed_at         TIMESTAMP,
    CONSTRAINT pk_mcp_sessions PRIMARY KEY (id_hash),
    CONSTRAINT fk_mcp_sessions_agent
        FOREIGN KEY (agent_id) REFERENCES agents (id) ON DELETE CASCADE
);
CREATE INDEX idx_mcp_sessions_principal ON mcp_sessions (principal, closed_at);
CREATE INDEX idx_mcp_sessions_seen ON mcp_sessions (last_seen_at);
