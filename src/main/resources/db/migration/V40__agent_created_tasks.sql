-- The tasks an agent created through its tools (a task agent's follow-ups, the tasks it moved
-- checklist items to): with the task it serves, the tasks a task agent may write. A row goes with
-- its agent and with its task.
CREATE TABLE agent_created_tasks (
    agent_id    VARCHAR(64)  NOT NULL,
    task_id     VARCHAR(64)  NOT NULL,
    created_at  TIMESTAMP    NOT NULL,
    CONSTRAINT pk_agent_created_tasks PRIMARY KEY (agent_id, task_id),
    CONSTRAINT fk_agent_created_tasks_agent
        FOREIGN KEY (agent_id) REFERENCES agents (id) ON DELETE CASCADE,
    CONSTRAINT fk_agent_created_tasks_task
        FOREIGN KEY (task_id) REFERENCES journal_tasks (id) ON DELETE CASCADE
);
