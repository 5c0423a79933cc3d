-- Tool proposals: a tool call an agent made inside a run that waits for a person's approval, keyed
-- by the call's ledger key (a re-run of the run derives the same key and finds it). It keeps the
-- call (tool, operation id, arguments, run, thread), the preview of what it would change and the
-- versions of the journal rows the preview read (JSON in the text_type placeholder: CLOB on Derby,
-- TEXT on PostgreSQL), the decision (who, when, why) and, once applied, the call's receipt. The row
-- dies with its agent.
CREATE TABLE tool_proposals (
  id                 VARCHAR(200)  NOT NULL,
  agent_id           VARCHAR(64)   NOT NULL,
  run_key            VARCHAR(200)  NOT NULL,
  thread_id          VARCHAR(200)  NOT NULL,
  tool_name          VARCHAR(100)  NOT NULL,
  operation_id       VARCHAR(200)  NOT NULL,
  wake_reason        VARCHAR(32)   NOT NULL,
  held_as            VARCHAR(32)   NOT NULL,
  action_message_id  VARCHAR(64)   NOT NULL,
  arguments          ${text_type}  NOT NULL,
  preview            ${text_type}  NOT NULL,
  target_versions    ${text_type}  NOT NULL,
  status             VARCHAR(16)   NOT NULL,
  decided_by         VARCHAR(200),
  decided_at         TIMESTAMP,
  reason             VARCHAR(2000),
  applied_result     ${text_type},
  created_at         TIMESTAMP     NOT NULL,
  updated_at         TIMESTAMP     NOT NULL,
  version            BIGINT        NOT NULL,
  CONSTRAINT pk_tool_proposals PRIMARY KEY (id),
  CONSTRAINT fk_tool_proposals_agent FOREIGN KEY (agent_id)
    REFERENCES agents (id) ON DELETE CASCADE,
  CONSTRAINT ck_tool_proposals_status CHECK (status IN
    ('pending', 'approved', 'rejected', 'refused'))
);
CREATE INDEX ix_tool_proposals_agent_status ON tool_proposals (agent_id, status, created_at);
-- A run's proposals, for the run's detail.
CREATE INDEX ix_tool_proposals_run ON tool_proposals (run_key, created_at);
