-- The built-in journal domain, first slice: categories, tasks and their checklist items.
--
-- Portable Derby 10.16 / PostgreSQL 15 SQL like V1: every constraint named, enums stored by their
-- wire names, long text through the text_type placeholder. Every table has a version column for
-- optimistic locking; the version is the ETag at the API.

CREATE TABLE journal_categories (
    id          VARCHAR(64)  NOT NULL,
    version     BIGINT       NOT NULL,
    name        VARCHAR(200) NOT NULL,
    created_at  TIMESTAMP    NOT NULL,
    updated_at  TIMESTAMP    NOT NULL,
    CONSTRAINT pk_journal_categories PRIMARY KEY (id),
    CONSTRAINT uq_journal_categories_name UNIQUE (name)
);

CREATE TABLE journal_tasks (
    id                VARCHAR(64)  NOT NULL,
    version           BIGINT       NOT NULL,
    title             VARCHAR(500) NOT NULL,
    description       ${text_type},
    category_id       VARCHAR(64),
    status            VARCHAR(16)  NOT NULL,
    priority          VARCHAR(2)   NOT NULL,
    estimate_minutes  INTEGER,
    due_date          DATE,
    created_at        TIMESTAMP    NOT NULL,
    updated_at        TIMESTAMP    NOT NULL,
    CONSTRAINT pk_journal_tasks PRIMARY KEY (id),
    CONSTRAINT fk_journal_tasks_category
        FOREIGN KEY (category_id) REFERENCES journal_categories (id),
    CONSTRAINT ck_journal_tasks_status
        CHECK (status IN ('OPEN', 'IN_PROGRESS', 'BLOCKED', 'DONE', 'REJECTED')),
    CONSTRAINT ck_journal_tasks_priority CHECK (priority IN ('P0', 'P1', 'P2', 'P3')),
    CONSTRAINT ck_journal_tasks_estimate
        CHECK (estimate_minutes IS NULL OR estimate_minutes >= 0)
);

CREATE INDEX idx_journal_tasks_category ON journal_tasks (category_id);
CREATE INDEX idx_journal_tasks_status ON journal_tasks (status);

CREATE TABLE journal_checklist_items (
    id          VARCHAR(64)  NOT NULL,
    version     BIGINT       NOT NULL,
    task_id     VARCHAR(64)  NOT NULL,
    sort_order  INTEGER      NOT NULL,
    title       VARCHAR(500) NOT NULL,
    checked     BOOLEAN      NOT NULL,
    created_at  TIMESTAMP    NOT NULL,
    updated_at  TIMESTAMP    NOT NULL,
    CONSTRAINT pk_journal_checklist_items PRIMARY KEY (id),
    CONSTRAINT fk_journal_checklist_items_task
        FOREIGN KEY (task_id) REFERENCES journal_tasks (id) ON DELETE CASCADE,
    CONSTRAINT uq_journal_checklist_items_order UNIQUE (task_id, sort_order),
    CONSTRAINT ck_journal_checklist_items_order CHECK (sort_order >= 0)
);
