-- What an agent asked a person from inside a run (ask_user: a question, perhaps with choices;
-- propose_plan: a plan to approve or reject), keyed by the call's ledger key so that the run's
-- re-runs find it. The run waits until it is answered or expires; then the call returns the answer.
CREATE TABLE agent_questions (
    id           VARCHAR(200)  NOT NULL,
    version      BIGINT        NOT NULL,
    agent_id     VARCHAR(64)   NOT NULL,
    run_key      VARCHAR(200)  NOT NULL,
    kind         VARCHAR(16)   NOT NULL,
    question     VARCHAR(2000) NOT NULL,
    choices      ${text_type},
    plan         ${text_type},
    status       VARCHAR(16)   NOT NULL,
    answer       VARCHAR(4000),
    answered_by  VARCHAR(200),
    created_at   TIMESTAMP     NOT NULL,
    expires_at   TIMESTAMP     NOT NULL,
    answered_at  TIMESTAMP,
    CONSTRAINT pk_agent_questions PRIMARY KEY (id),
    CONSTRAINT fk_agent_questions_agent
        FOREIGN KEY (agent_id) REFERENCES agents (id) ON DELETE CASCADE,
    CONSTRAINT ck_agent_questions_kind CHECK (kind IN ('question', 'plan')),
    CONSTRAINT ck_agent_questions_status CHECK (status IN ('open', 'answered', 'expired'))
);
CREATE INDEX idx_agent_questions_run ON agent_questions (run_key);
CREATE INDEX idx_agent_questions_open ON agent_questions (status, expires_at);
