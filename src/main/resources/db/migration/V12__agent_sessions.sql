-- Interactive sessions: a conversation between a user and an interactive or hybrid agent. Each
-- turn is a user-initiated wake in the session's thread (<agentId>:session:<id>); the messages
-- themselves live in agent_messages like every other thread's. Instants as TIMESTAMP (UTC), the
-- status by its wire name, a version column for optimistic locking. No long text here, so no
-- text_type placeholder: the script is the same on Derby and PostgreSQL.
--
-- V11 is reserved for another change and will be inserted before this script.

CREATE TABLE agent_sessions (
    id            VARCHAR(64)  NOT NULL,
    agent_id      VARCHAR(64)  NOT NULL,
    status        VARCHAR(16)  NOT NULL,
    created_at    TIMESTAMP    NOT NULL,
    updated_at    TIMESTAMP    NOT NULL,
    last_turn_at  TIMESTAMP,
    turn_count    BIGINT       NOT NULL,
    version       BIGINT       NOT NULL,
    CONSTRAINT pk_agent_sessions PRIMARY KEY (id),
    CONSTRAINT fk_agent_sessions_agent
        FOREIGN KEY (agent_id) REFERENCES agents (id) ON DELETE CASCADE,
    CONSTRAINT ck_agent_sessions_status CHECK (status IN ('open', 'closed')),
    CONSTRAINT ck_agent_sessions_turns CHECK (turn_count >= 0)
);

CREATE INDEX idx_agent_sessions_agent ON agent_sessions (agent_id, created_at);
