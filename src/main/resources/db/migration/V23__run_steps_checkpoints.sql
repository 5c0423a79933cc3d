-- Durable runs: a run may wait for a person (an approval, a call in doubt) and may be cancelled;
-- a cancel asked of a started run is a mark its next step boundary honours.
ALTER TABLE wake_run_log DROP CONSTRAINT ck_wake_run_log_status;
ALTER TABLE wake_run_log ADD CONSTRAINT ck_wake_run_log_status CHECK (status IN
  ('queued', 'started', 'waiting', 'completed', 'skipped', 'failed', 'cancelled'));
ALTER TABLE wake_run_log ADD COLUMN cancel_requested_at TIMESTAMP;

-- The bounded units of a run (each model turn, each deterministic phase), numbered from 0. A model
-- turn's answer is recorded as the step's decision the moment it arrives, so a resumed run replays
-- the turn's tool calls instead of asking the model again. The rows die with their run.
CREATE TABLE run_steps (
  run_key        VARCHAR(200)   NOT NULL,
  step_index     INTEGER        NOT NULL,
  phase          VARCHAR(64)    NOT NULL,
  status         VARCHAR(16)    NOT NULL,
  attempts       INTEGER        NOT NULL,
  decision       ${text_type},
  error_code     VARCHAR(64),
  error_message  VARCHAR(2000),
  started_at     TIMESTAMP      NOT NULL,
  ended_at       TIMESTAMP,
  version        BIGINT         NOT NULL,
  CONSTRAINT pk_run_steps PRIMARY KEY (run_key, step_index),
  CONSTRAINT fk_run_steps_run FOREIGN KEY (run_key)
    REFERENCES wake_run_log (run_key) ON DELETE CASCADE,
  CONSTRAINT ck_run_steps_status CHECK (status IN
    ('ready', 'running', 'blocked', 'succeeded', 'failed', 'skipped')),
  CONSTRAINT ck_run_steps_index CHECK (step_index >= 0)
);

-- A run's state at a step boundary, written in the transaction that ends the step: the phase, the
-- step, the plan still ahead, the artifacts made so far and the last tool call (a small JSON
-- cursor). A run resumes from its newest checkpoint.
CREATE TABLE run_checkpoints (
  run_key        VARCHAR(200)   NOT NULL,
  step_index     INTEGER        NOT NULL,
  phase          VARCHAR(64)    NOT NULL,
  cursor_json    VARCHAR(4000)  NOT NULL,
  created_at     TIMESTAMP      NOT NULL,
  CONSTRAINT pk_run_checkpoints PRIMARY KEY (run_key, step_index),
  CONSTRAINT fk_run_checkpoints_run FOREIGN KEY (run_key)
    REFERENCES wake_run_log (run_key) ON DELETE CASCADE
);
