-- Agents that think (issue 6): the model's turns are messages of their own kind, a run records the
-- tokens it used, and a task has at most one task agent.

ALTER TABLE agent_messages DROP CONSTRAINT ck_agent_messages_kind;
ALTER TABLE agent_messages ADD CONSTRAINT ck_agent_messages_kind CHECK (message_kind IN
    ('observation', 'user', 'assistant', 'thought', 'action', 'toolResult', 'summary', 'system'));

-- Token usage of the model calls a run made; 0 for runs without a model.
ALTER TABLE wake_run_log ADD COLUMN input_tokens BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE wake_run_log ADD COLUMN output_tokens BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE wake_run_log ADD COLUMN model_calls INTEGER DEFAULT 0 NOT NULL;

-- The task agent of a task: the primary key refuses a second one, even under a race. The task id
-- is not a foreign key: deleting the task leaves its agent (made dormant on its next wake).
CREATE TABLE task_agents (
  task_id     VARCHAR(64)  NOT NULL,
  agent_id    VARCHAR(64)  NOT NULL,
  created_at  TIMESTAMP    NOT NULL,
  CONSTRAINT pk_task_agents PRIMARY KEY (task_id),
  CONSTRAINT uq_task_agents_agent UNIQUE (agent_id),
  CONSTRAINT fk_task_agents_agent FOREIGN KEY (agent_id) REFERENCES agents (id) ON DELETE CASCADE
);
