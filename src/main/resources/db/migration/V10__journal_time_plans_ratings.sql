-- The journal's second slice: time entries, day plans (blocks and pinned tasks) and ratings.
--
-- Portable Derby 10.16 / PostgreSQL 15 SQL like V5: every constraint and index named, long text
-- through the text_type placeholder, instants as TIMESTAMP (UTC), a version column on every
-- mutable table. V9 belongs to a parallel branch; Flyway accepts the gap on a new database.
--
-- Every row carries the category that scopes it, so an agent's category scope can be checked
-- without a join: a time entry and a rating store their target's category, a block its own. A day
-- plan is the one exception: it is a per-date container shared by all categories and is shown per
-- scope through its blocks (and its pins, whose category is the pinned task's).

-- A time entry linked to a task keeps the task's category at creation. Deleting the task keeps the
-- entry (ON DELETE SET NULL): the time was spent in that category whatever happens to the task,
-- and ratings and summaries of it must not vanish with a cleanup.
CREATE TABLE journal_time_entries (
    id               VARCHAR(64)  NOT NULL,
    version          BIGINT       NOT NULL,
    category_id      VARCHAR(64)  NOT NULL,
    task_id          VARCHAR(64),
    started_at       TIMESTAMP    NOT NULL,
    ended_at         TIMESTAMP,
    description      ${text_type},
    source_entry_id  VARCHAR(200),
    created_at       TIMESTAMP    NOT NULL,
    updated_at       TIMESTAMP    NOT NULL,
    CONSTRAINT pk_journal_time_entries PRIMARY KEY (id),
    CONSTRAINT fk_journal_time_entries_category
        FOREIGN KEY (category_id) REFERENCES journal_categories (id),
    CONSTRAINT fk_journal_time_entries_task
        FOREIGN KEY (task_id) REFERENCES journal_tasks (id) ON DELETE SET NULL,
    CONSTRAINT ck_journal_time_entries_span CHECK (ended_at IS NULL OR ended_at >= started_at)
);

CREATE INDEX idx_journal_time_entries_task ON journal_time_entries (task_id, ended_at);
CREATE INDEX idx_journal_time_entries_category ON journal_time_entries (category_id, started_at);
CREATE INDEX idx_journal_time_entries_started ON journal_time_entries (started_at);

CREATE TABLE journal_day_plans (
    id          VARCHAR(64)  NOT NULL,
    version     BIGINT       NOT NULL,
    plan_date   DATE         NOT NULL,
    created_at  TIMESTAMP    NOT NULL,
    updated_at  TIMESTAMP    NOT NULL,
    CONSTRAINT pk_journal_day_plans PRIMARY KEY (id),
    CONSTRAINT uq_journal_day_plans_date UNIQUE (plan_date)
);

CREATE TABLE journal_day_plan_blocks (
    id           VARCHAR(64)   NOT NULL,
    version      BIGINT        NOT NULL,
    plan_id      VARCHAR(64)   NOT NULL,
    category_id  VARCHAR(64)   NOT NULL,
    task_id      VARCHAR(64),
    start_time   TIMESTAMP     NOT NULL,
    end_time     TIMESTAMP     NOT NULL,
    note         VARCHAR(2000),
    created_at   TIMESTAMP     NOT NULL,
    updated_at   TIMESTAMP     NOT NULL,
    CONSTRAINT pk_journal_day_plan_blocks PRIMARY KEY (id),
    CONSTRAINT fk_journal_day_plan_blocks_plan
        FOREIGN KEY (plan_id) REFERENCES journal_day_plans (id) ON DELETE CASCADE,
    CONSTRAINT fk_journal_day_plan_blocks_category
        FOREIGN KEY (category_id) REFERENCES journal_categories (id),
    CONSTRAINT fk_journal_day_plan_blocks_task
        FOREIGN KEY (task_id) REFERENCES journal_tasks (id) ON DELETE SET NULL,
    CONSTRAINT ck_journal_day_plan_blocks_span CHECK (end_time > start_time)
);

CREATE INDEX idx_journal_day_plan_blocks_plan ON journal_day_plan_blocks (plan_id, start_time);
CREATE INDEX idx_journal_day_plan_blocks_category ON journal_day_plan_blocks (category_id);

-- A pin is immutable: changing the pins rewrites them and moves the plan's version.
CREATE TABLE journal_day_plan_pins (
    plan_id     VARCHAR(64)  NOT NULL,
    task_id     VARCHAR(64)  NOT NULL,
    sort_order  INTEGER      NOT NULL,
    CONSTRAINT pk_journal_day_plan_pins PRIMARY KEY (plan_id, task_id),
    CONSTRAINT fk_journal_day_plan_pins_plan
        FOREIGN KEY (plan_id) REFERENCES journal_day_plans (id) ON DELETE CASCADE,
    CONSTRAINT fk_journal_day_plan_pins_task
        FOREIGN KEY (task_id) REFERENCES journal_tasks (id) ON DELETE CASCADE,
    CONSTRAINT ck_journal_day_plan_pins_order CHECK (sort_order >= 0)
);

CREATE INDEX idx_journal_day_plan_pins_task ON journal_day_plan_pins (task_id);

-- The target is polymorphic (task, time entry, day plan), so target_id is not a foreign key.
CREATE TABLE journal_ratings (
    id           VARCHAR(64)   NOT NULL,
    version      BIGINT        NOT NULL,
    target_type  VARCHAR(16)   NOT NULL,
    target_id    VARCHAR(64)   NOT NULL,
    dimension    VARCHAR(64)   NOT NULL,
    rating_value INTEGER       NOT NULL,
    note         VARCHAR(2000),
    category_id  VARCHAR(64)   NOT NULL,
    created_at   TIMESTAMP     NOT NULL,
    updated_at   TIMESTAMP     NOT NULL,
    CONSTRAINT pk_journal_ratings PRIMARY KEY (id),
    CONSTRAINT uq_journal_ratings_target UNIQUE (target_type, target_id, dimension),
    CONSTRAINT fk_journal_ratings_category
        FOREIGN KEY (category_id) REFERENCES journal_categories (id),
    CONSTRAINT ck_journal_ratings_target_type
        CHECK (target_type IN ('task', 'timeEntry', 'dayPlan')),
    CONSTRAINT ck_journal_ratings_value CHECK (rating_value BETWEEN 1 AND 5)
);

CREATE INDEX idx_journal_ratings_category ON journal_ratings (category_id, updated_at);
