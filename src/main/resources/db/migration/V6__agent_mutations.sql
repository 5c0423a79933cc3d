-- The journal entities each agent's runs changed lately: the second layer of self-notification
-- suppression, for producers that cannot tag a batch with the agent that caused it. One row per
-- (agent, entity), refreshed by every change; rows older than the suppression TTL are dead and
-- are purged as the agent records new changes.

CREATE TABLE agent_mutations (
    agent_id    VARCHAR(64)  NOT NULL,
    entity_id   VARCHAR(256) NOT NULL,
    version     BIGINT       NOT NULL,
    run_key     VARCHAR(200) NOT NULL,
    mutated_at  TIMESTAMP    NOT NULL,
    CONSTRAINT pk_agent_mutations PRIMARY KEY (agent_id, entity_id),
    CONSTRAINT fk_agent_mutations_agent
        FOREIGN KEY (agent_id) REFERENCES agents (id) ON DELETE CASCADE
);

CREATE INDEX idx_agent_mutations_agent_time ON agent_mutations (agent_id, mutated_at);
