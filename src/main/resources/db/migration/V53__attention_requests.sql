-- Requests for a person's time on a task ("reserve 90 minutes for the tax return before Friday"),
-- made by the task's agent and honoured by the day planner while they are open (or deferred past
-- their next review). A request goes with its task.
CREATE TABLE journal_attention_requests (
    id                 VARCHAR(64)   NOT NULL,
    version            BIGINT        NOT NULL,
    task_id            VARCHAR(64)   NOT NULL,
    category_id        VARCHAR(64)   NOT NULL,
    requested_by       VARCHAR(64),
    title              VARCHAR(500)  NOT NULL,
    requested_minutes  INTEGER       NOT NULL,
    impact             INTEGER       NOT NULL,
    urgency            INTEGER       NOT NULL,
    energy_fit         VARCHAR(16)   NOT NULL,
    earliest_start     TIMESTAMP,
    latest_end         TIMESTAMP,
    deadline           TIMESTAMP,
    next_review_at     TIMESTAMP,
    rationale          VARCHAR(2000) NOT NULL,
    status             VARCHAR(24)   NOT NULL,
    resolution_reason  VARCHAR(1000),
    created_at         TIMESTAMP     NOT NULL,
    updated_at         TIMESTAMP     NOT NULL,
    CONSTRAINT pk_journal_attention_requests PRIMARY KEY (id),
    CONSTRAINT fk_journal_attention_requests_task FOREIGN KEY (task_id)
        REFERENCES journal_tasks (id) ON DELETE CASCADE,
    CONSTRAINT ck_journal_attention_requests_status CHECK (status IN
        ('open', 'deferred', 'satisfied', 'partiallySatisfied', 'withdrawn')),
    CONSTRAINT ck_journal_attention_requests_energy CHECK (energy_fit IN ('low', 'neutral', 'high')),
    CONSTRAINT ck_journal_attention_requests_minutes CHECK (requested_minutes BETWEEN 5 AND 480),
    CONSTRAINT ck_journal_attention_requests_impact CHECK (impact BETWEEN 1 AND 5),
    CONSTRAINT ck_journal_attention_requests_urgency CHECK (urgency BETWEEN 1 AND 5)
);
CREATE INDEX ix_journal_attention_requests_task ON journal_attention_requests (task_id, status);
CREATE INDEX ix_journal_attention_requests_category
    ON journal_attention_requests (category_id, status);
