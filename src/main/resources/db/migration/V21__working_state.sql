-- Working state: one structured document per agent and thread (what the agent understands,
-- assumes and expects, its hypotheses and items), rewritten whole on each change under optimistic
-- locking. The document is JSON in the text_type placeholder (CLOB on Derby, TEXT on PostgreSQL;
-- never indexed or compared); its bounds are the application's. The row dies with its agent.
CREATE TABLE agent_working_states (
  id          VARCHAR(64)   NOT NULL,
  agent_id    VARCHAR(64)   NOT NULL,
  thread_id   VARCHAR(200)  NOT NULL,
  document    ${text_type}  NOT NULL,
  created_at  TIMESTAMP     NOT NULL,
  updated_at  TIMESTAMP     NOT NULL,
  version     BIGINT        NOT NULL,
  CONSTRAINT pk_agent_working_states PRIMARY KEY (id),
  CONSTRAINT fk_agent_working_states_agent FOREIGN KEY (agent_id)
    REFERENCES agents (id) ON DELETE CASCADE,
  CONSTRAINT uq_agent_working_states_thread UNIQUE (agent_id, thread_id)
);
