-- A job: a run an operator started with an objective and a definition of done (POST /api/runs).
-- The spec (constraints, stop conditions, expected artifacts, escalation, budgets) is the JSON the
-- operator sent, checked; request_hash tells a retried request (same Idempotency-Key, same body)
-- from a different one. stopped_by and final_artifact are written once, when a stop condition held.
CREATE TABLE run_jobs (
    run_key         VARCHAR(200)  NOT NULL,
    version         BIGINT        NOT NULL,
    agent_id        VARCHAR(64)   NOT NULL,
    objective       VARCHAR(4000) NOT NULL,
    spec            ${text_type}  NOT NULL,
    request_hash    VARCHAR(64)   NOT NULL,
    created_by      VARCHAR(200),
    created_at      TIMESTAMP     NOT NULL,
    stopped_by      VARCHAR(400),
    final_artifact  VARCHAR(200),
    done_at         TIMESTAMP,
    CONSTRAINT pk_run_jobs PRIMARY KEY (run_key),
    CONSTRAINT fk_run_jobs_run
        FOREIGN KEY (run_key) REFERENCES wake_run_log (run_key) ON DELETE CASCADE
);
CREATE INDEX idx_run_jobs_agent ON run_jobs (agent_id);

-- What a run produced by name (write_artifact): one artifact per name and run, a second write of
-- the name replaces its content. Goes with its run.
CREATE TABLE run_artifacts (
    run_key     VARCHAR(200)  NOT NULL,
    name        VARCHAR(200)  NOT NULL,
    version     BIGINT        NOT NULL,
    agent_id    VARCHAR(64)   NOT NULL,
    media_type  VARCHAR(100)  NOT NULL,
    content     ${text_type}  NOT NULL,
    size_chars  INTEGER       NOT NULL,
    written_by  VARCHAR(200)  NOT NULL,
    created_at  TIMESTAMP     NOT NULL,
    updated_at  TIMESTAMP     NOT NULL,
    CONSTRAINT pk_run_artifacts PRIMARY KEY (run_key, name),
    CONSTRAINT fk_run_artifacts_run
        FOREIGN KEY (run_key) REFERENCES wake_run_log (run_key) ON DELETE CASCADE
);
