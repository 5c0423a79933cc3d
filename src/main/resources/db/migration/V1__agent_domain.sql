-- The agent domain: agents, their allowed categories, durable state, node-local runtime state and
-- the typed links between agent-domain records.
--
-- Runs unchanged on Derby 10.16 and PostgreSQL 15: portable types only, every constraint and index
-- named, no reserved words as column names. The Flyway placeholder text_type is the database's
-- long-text type (CLOB on Derby, TEXT on PostgreSQL); such columns hold JSON documents.
-- Enums are stored by their wire names.

CREATE TABLE agents (
    id            VARCHAR(64)  NOT NULL,
    version       BIGINT       NOT NULL,
    kind          VARCHAR(32)  NOT NULL,
    display_name  VARCHAR(200) NOT NULL,
    lifecycle     VARCHAR(16)  NOT NULL,
    mode          VARCHAR(16)  NOT NULL,
    config        ${text_type} NOT NULL,
    created_at    TIMESTAMP    NOT NULL,
    updated_at    TIMESTAMP    NOT NULL,
    destroyed_at  TIMESTAMP,
    CONSTRAINT pk_agents PRIMARY KEY (id),
    CONSTRAINT ck_agents_lifecycle
        CHECK (lifecycle IN ('created', 'active', 'dormant', 'destroyed')),
    CONSTRAINT ck_agents_mode CHECK (mode IN ('autonomous', 'interactive', 'hybrid')),
    CONSTRAINT ck_agents_destroyed_at
        CHECK ((lifecycle = 'destroyed' AND destroyed_at IS NOT NULL)
            OR (lifecycle <> 'destroyed' AND destroyed_at IS NULL))
);

CREATE INDEX idx_agents_lifecycle_kind ON agents (lifecycle, kind);

CREATE TABLE agent_allowed_categories (
    agent_id     VARCHAR(64) NOT NULL,
    category_id  VARCHAR(64) NOT NULL,
    CONSTRAINT pk_agent_allowed_categories PRIMARY KEY (agent_id, category_id),
    CONSTRAINT fk_agent_allowed_categories_agent
        FOREIGN KEY (agent_id) REFERENCES agents (id) ON DELETE CASCADE
);

CREATE TABLE agent_states (
    id                         VARCHAR(64)  NOT NULL,
    version                    BIGINT       NOT NULL,
    agent_id                   VARCHAR(64)  NOT NULL,
    slots                      ${text_type} NOT NULL,
    last_wake_at               TIMESTAMP,
    next_wake_at               TIMESTAMP,
    scheduled_wake_at          TIMESTAMP,
    sleep_until                TIMESTAMP,
    recent_head_message_id     VARCHAR(64),
    latest_summary_message_id  VARCHAR(64),
    consecutive_failure_count  INTEGER      NOT NULL,
    wake_counter               BIGINT       NOT NULL,
    processed_counter_by_host  ${text_type} NOT NULL,
    updated_at                 TIMESTAMP    NOT NULL,
    CONSTRAINT pk_agent_states PRIMARY KEY (id),
    CONSTRAINT uq_agent_states_agent UNIQUE (agent_id),
    CONSTRAINT fk_agent_states_agent
        FOREIGN KEY (agent_id) REFERENCES agents (id) ON DELETE CASCADE,
    CONSTRAINT ck_agent_states_counts
        CHECK (consecutive_failure_count >= 0 AND wake_counter >= 0)
);

-- Node-local: what an agent is doing on one node. Never synced.
CREATE TABLE agent_runtime_states (
    agent_id             VARCHAR(64)  NOT NULL,
    node_id              VARCHAR(64)  NOT NULL,
    version              BIGINT       NOT NULL,
    run_status           VARCHAR(16)  NOT NULL,
    active_run_id        VARCHAR(200),
    active_session_id    VARCHAR(200),
    last_run_started_at  TIMESTAMP,
    failure_streak       INTEGER      NOT NULL,
    hot_message_count    INTEGER      NOT NULL,
    updated_at           TIMESTAMP    NOT NULL,
    CONSTRAINT pk_agent_runtime_states PRIMARY KEY (agent_id, node_id),
    CONSTRAINT fk_agent_runtime_states_agent
        FOREIGN KEY (agent_id) REFERENCES agents (id) ON DELETE CASCADE,
    CONSTRAINT ck_agent_runtime_states_status
        CHECK (run_status IN ('idle', 'queued', 'running', 'failed')),
    CONSTRAINT ck_agent_runtime_states_counts
        CHECK (failure_streak >= 0 AND hot_message_count >= 0)
);

-- With run_status, not agent_id alone: Derby would skip an index on agent_id alone as a duplicate
-- of the foreign key's backing index, and "is this agent running anywhere" is the query to serve.
CREATE INDEX idx_agent_runtime_states_agent ON agent_runtime_states (agent_id, run_status);

-- Links relate records of any agent-domain table by id, so they carry no foreign keys; the
-- application removes an agent's links when it deletes the agent.
CREATE TABLE agent_links (
    id          VARCHAR(64) NOT NULL,
    version     BIGINT      NOT NULL,
    from_id     VARCHAR(64) NOT NULL,
    to_id       VARCHAR(64) NOT NULL,
    link_type   VARCHAR(32) NOT NULL,
    created_at  TIMESTAMP   NOT NULL,
    updated_at  TIMESTAMP   NOT NULL,
    deleted_at  TIMESTAMP,
    CONSTRAINT pk_agent_links PRIMARY KEY (id),
    CONSTRAINT uq_agent_links_from_to_type UNIQUE (from_id, to_id, link_type)
);

CREATE INDEX idx_agent_links_from_type ON agent_links (from_id, link_type);
CREATE INDEX idx_agent_links_to_type ON agent_links (to_id, link_type);
CREATE INDEX idx_agent_links_type ON agent_links (link_type);
