-- Agent memory (messages, payloads, reports and their heads, compaction jobs), alertness
-- subscriptions, timers, the wake run log and the tool-call ledger.
--
-- The same script runs on embedded Derby 10.16 and PostgreSQL 15: portable types only, long text
-- through the text_type placeholder (CLOB on Derby, TEXT on PostgreSQL; never indexed or
-- compared), every constraint and index named. Every row that belongs to an agent cascades away
-- with it. References between agent rows other than to agents (prev_message_id, message_id,
-- report_id, run_key) are plain indexed columns: those rows are written in one transaction in no
-- guaranteed order and die with their agent anyway.

-- The append-only message log; one immutable row per message, chained by prev_message_id.
CREATE TABLE agent_messages (
  id                       VARCHAR(64)   NOT NULL,
  agent_id                 VARCHAR(64)   NOT NULL,
  thread_id                VARCHAR(200)  NOT NULL,
  message_kind             VARCHAR(16)   NOT NULL,
  created_at               TIMESTAMP     NOT NULL,
  prev_message_id          VARCHAR(64),
  content_entry_id         VARCHAR(200),
  trigger_source_id        VARCHAR(200),
  summary_start_message_id VARCHAR(64),
  summary_end_message_id   VARCHAR(64),
  summary_depth            INTEGER       NOT NULL,
  tokens_approx            INTEGER       NOT NULL,
  metadata                 ${text_type}  NOT NULL,
  CONSTRAINT pk_agent_messages PRIMARY KEY (id),
  CONSTRAINT fk_agent_messages_agent FOREIGN KEY (agent_id)
    REFERENCES agents (id) ON DELETE CASCADE,
  CONSTRAINT ck_agent_messages_kind CHECK (message_kind IN
    ('observation', 'user', 'thought', 'action', 'toolResult', 'summary', 'system')),
  CONSTRAINT ck_agent_messages_counts CHECK (summary_depth >= 0 AND tokens_approx >= 0),
  CONSTRAINT ck_agent_messages_summary CHECK (
    (message_kind = 'summary' AND summary_start_message_id IS NOT NULL
      AND summary_end_message_id IS NOT NULL AND summary_depth >= 1)
    OR (message_kind <> 'summary' AND summary_start_message_id IS NULL
      AND summary_end_message_id IS NULL AND summary_depth = 0))
);

CREATE INDEX idx_agent_messages_agent_created
  ON agent_messages (agent_id, created_at DESC, id DESC);
CREATE INDEX idx_agent_messages_agent_thread_created
  ON agent_messages (agent_id, thread_id, created_at);
CREATE INDEX idx_agent_messages_prev ON agent_messages (prev_message_id);

-- Large message content, kept out of the log's pages.
CREATE TABLE agent_message_payloads (
  id           VARCHAR(64)   NOT NULL,
  agent_id     VARCHAR(64)   NOT NULL,
  message_id   VARCHAR(64)   NOT NULL,
  content_type VARCHAR(100)  NOT NULL,
  content      ${text_type}  NOT NULL,
  created_at   TIMESTAMP     NOT NULL,
  CONSTRAINT pk_agent_message_payloads PRIMARY KEY (id),
  CONSTRAINT fk_agent_message_payloads_agent FOREIGN KEY (agent_id)
    REFERENCES agents (id) ON DELETE CASCADE
);

CREATE INDEX idx_agent_message_payloads_message ON agent_message_payloads (message_id);
CREATE INDEX idx_agent_message_payloads_agent_created
  ON agent_message_payloads (agent_id, created_at);

-- Immutable report snapshots, one per wake that rewrites a report ...
CREATE TABLE agent_reports (
  id          VARCHAR(64)       NOT NULL,
  agent_id    VARCHAR(64)       NOT NULL,
  scope       VARCHAR(64)       NOT NULL,
  content     ${text_type}      NOT NULL,
  confidence  DOUBLE PRECISION,
  provenance  ${text_type}      NOT NULL,
  created_at  TIMESTAMP         NOT NULL,
  CONSTRAINT pk_agent_reports PRIMARY KEY (id),
  CONSTRAINT fk_agent_reports_agent FOREIGN KEY (agent_id)
    REFERENCES agents (id) ON DELETE CASCADE,
  CONSTRAINT ck_agent_reports_confidence CHECK (confidence IS NULL
    OR (confidence >= 0 AND confidence <= 1))
);

CREATE INDEX idx_agent_reports_agent_scope_created
  ON agent_reports (agent_id, scope, created_at DESC);

-- ... and one head per (agent, scope) pointing at the current one.
CREATE TABLE agent_report_heads (
  id          VARCHAR(64)  NOT NULL,
  agent_id    VARCHAR(64)  NOT NULL,
  scope       VARCHAR(64)  NOT NULL,
  report_id   VARCHAR(64)  NOT NULL,
  updated_at  TIMESTAMP    NOT NULL,
  version     BIGINT       NOT NULL,
  CONSTRAINT pk_agent_report_heads PRIMARY KEY (id),
  CONSTRAINT fk_agent_report_heads_agent FOREIGN KEY (agent_id)
    REFERENCES agents (id) ON DELETE CASCADE,
  CONSTRAINT uq_agent_report_heads_agent_scope UNIQUE (agent_id, scope)
);

-- Node-local queue of compaction jobs; one job per span.
CREATE TABLE agent_compaction_jobs (
  id                VARCHAR(64)    NOT NULL,
  agent_id          VARCHAR(64)    NOT NULL,
  thread_id         VARCHAR(200)   NOT NULL,
  start_message_id  VARCHAR(64)    NOT NULL,
  end_message_id    VARCHAR(64)    NOT NULL,
  status            VARCHAR(16)    NOT NULL,
  attempts          INTEGER        NOT NULL,
  next_attempt_at   TIMESTAMP      NOT NULL,
  last_error        VARCHAR(2000),
  created_at        TIMESTAMP      NOT NULL,
  updated_at        TIMESTAMP      NOT NULL,
  version           BIGINT         NOT NULL,
  CONSTRAINT pk_agent_compaction_jobs PRIMARY KEY (id),
  CONSTRAINT fk_agent_compaction_jobs_agent FOREIGN KEY (agent_id)
    REFERENCES agents (id) ON DELETE CASCADE,
  CONSTRAINT uq_agent_compaction_jobs_span
    UNIQUE (agent_id, thread_id, start_message_id, end_message_id),
  CONSTRAINT ck_agent_compaction_jobs_status CHECK (status IN
    ('pending', 'running', 'completed', 'failed')),
  CONSTRAINT ck_agent_compaction_jobs_attempts CHECK (attempts >= 0)
);

CREATE INDEX idx_agent_compaction_jobs_ready
  ON agent_compaction_jobs (status, next_attempt_at);
CREATE INDEX idx_agent_compaction_jobs_thread_status
  ON agent_compaction_jobs (agent_id, thread_id, status);

-- What wakes an agent: subscriptions and the tokens they watch.
CREATE TABLE agent_subscriptions (
  id          VARCHAR(64)    NOT NULL,
  agent_id    VARCHAR(64)    NOT NULL,
  predicate   VARCHAR(2000),
  active      BOOLEAN        NOT NULL,
  created_at  TIMESTAMP      NOT NULL,
  updated_at  TIMESTAMP      NOT NULL,
  version     BIGINT         NOT NULL,
  CONSTRAINT pk_agent_subscriptions PRIMARY KEY (id),
  CONSTRAINT fk_agent_subscriptions_agent FOREIGN KEY (agent_id)
    REFERENCES agents (id) ON DELETE CASCADE
);

CREATE INDEX idx_agent_subscriptions_agent_active ON agent_subscriptions (agent_id, active);

CREATE TABLE agent_subscription_tokens (
  subscription_id  VARCHAR(64)   NOT NULL,
  token_class      VARCHAR(16)   NOT NULL,
  token            VARCHAR(256)  NOT NULL,
  CONSTRAINT pk_agent_subscription_tokens PRIMARY KEY (subscription_id, token_class, token),
  CONSTRAINT fk_agent_subscription_tokens_subscription FOREIGN KEY (subscription_id)
    REFERENCES agent_subscriptions (id) ON DELETE CASCADE,
  CONSTRAINT ck_agent_subscription_tokens_class CHECK (token_class IN
    ('semanticKey', 'subtypeToken', 'entityId'))
);

CREATE INDEX idx_agent_subscription_tokens_lookup
  ON agent_subscription_tokens (token_class, token);

-- Timers: the wall-clock intent (schedule, zone) and the next firing.
CREATE TABLE agent_timers (
  id             VARCHAR(64)   NOT NULL,
  agent_id       VARCHAR(64)   NOT NULL,
  schedule_kind  VARCHAR(16)   NOT NULL,
  schedule       ${text_type}  NOT NULL,
  zone_id        VARCHAR(64)   NOT NULL,
  active         BOOLEAN       NOT NULL,
  next_run_at    TIMESTAMP,
  last_fired_at  TIMESTAMP,
  created_at     TIMESTAMP     NOT NULL,
  updated_at     TIMESTAMP     NOT NULL,
  version        BIGINT        NOT NULL,
  CONSTRAINT pk_agent_timers PRIMARY KEY (id),
  CONSTRAINT fk_agent_timers_agent FOREIGN KEY (agent_id)
    REFERENCES agents (id) ON DELETE CASCADE,
  CONSTRAINT ck_agent_timers_kind CHECK (schedule_kind IN
    ('daily', 'weekly', 'interval', 'calendar')),
  CONSTRAINT ck_agent_timers_active_next CHECK (active = FALSE OR next_run_at IS NOT NULL)
);

CREATE INDEX idx_agent_timers_due ON agent_timers (active, next_run_at);
CREATE INDEX idx_agent_timers_agent_created ON agent_timers (agent_id, created_at);

-- One row per wake, keyed by its deterministic run key.
CREATE TABLE wake_run_log (
  run_key             VARCHAR(200)   NOT NULL,
  agent_id            VARCHAR(64)    NOT NULL,
  reason              VARCHAR(32)    NOT NULL,
  reason_id           VARCHAR(200),
  thread_id           VARCHAR(200)   NOT NULL,
  status              VARCHAR(16)    NOT NULL,
  tokens              ${text_type}   NOT NULL,
  logical_change_key  VARCHAR(200),
  attempts            INTEGER        NOT NULL,
  created_at          TIMESTAMP      NOT NULL,
  not_before          TIMESTAMP,
  started_at          TIMESTAMP,
  completed_at        TIMESTAMP,
  error_message       VARCHAR(2000),
  version             BIGINT         NOT NULL,
  CONSTRAINT pk_wake_run_log PRIMARY KEY (run_key),
  CONSTRAINT fk_wake_run_log_agent FOREIGN KEY (agent_id)
    REFERENCES agents (id) ON DELETE CASCADE,
  CONSTRAINT ck_wake_run_log_reason CHECK (reason IN
    ('subscription', 'timer', 'timer_catchup', 'manual', 'userInitiated', 'recovery')),
  CONSTRAINT ck_wake_run_log_status CHECK (status IN
    ('queued', 'started', 'completed', 'skipped', 'failed')),
  CONSTRAINT ck_wake_run_log_attempts CHECK (attempts >= 0)
);

CREATE INDEX idx_wake_run_log_agent ON wake_run_log (agent_id, created_at DESC);
CREATE INDEX idx_wake_run_log_status ON wake_run_log (status);
CREATE INDEX idx_wake_run_log_agent_status ON wake_run_log (agent_id, status);

-- The tool-call ledger, keyed by idempotency key.
CREATE TABLE tool_calls (
  idempotency_key          VARCHAR(200)   NOT NULL,
  agent_id                 VARCHAR(64)    NOT NULL,
  run_key                  VARCHAR(200),
  tool_name                VARCHAR(100)   NOT NULL,
  operation_id             VARCHAR(200),
  side_effect_class        VARCHAR(16)    NOT NULL,
  status                   VARCHAR(16)    NOT NULL,
  arguments                ${text_type}   NOT NULL,
  result                   ${text_type},
  error_code               VARCHAR(100),
  error_message            VARCHAR(2000),
  external_correlation_id  VARCHAR(200),
  attempts                 INTEGER        NOT NULL,
  created_at               TIMESTAMP      NOT NULL,
  updated_at               TIMESTAMP      NOT NULL,
  version                  BIGINT         NOT NULL,
  CONSTRAINT pk_tool_calls PRIMARY KEY (idempotency_key),
  CONSTRAINT fk_tool_calls_agent FOREIGN KEY (agent_id)
    REFERENCES agents (id) ON DELETE CASCADE,
  CONSTRAINT ck_tool_calls_side_effect CHECK (side_effect_class IN
    ('external', 'memory', 'local', 'read_only')),
  CONSTRAINT ck_tool_calls_status CHECK (status IN
    ('pending', 'running', 'succeeded', 'failed', 'cancelled')),
  CONSTRAINT ck_tool_calls_attempts CHECK (attempts >= 0)
);

CREATE INDEX idx_tool_calls_agent_created ON tool_calls (agent_id, created_at);
CREATE INDEX idx_tool_calls_run ON tool_calls (run_key);
CREATE INDEX idx_tool_calls_status_updated ON tool_calls (status, updated_at);
