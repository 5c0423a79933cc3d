-- The journal's second slice: labels per category, a task's language, and named checklists.
--
-- Portable Derby 10.16 / PostgreSQL 15 SQL like V5: every constraint named, long text through the
-- text_type placeholder. A label belongs to one category and may only be put on tasks of that
-- category (the service's rule). Checklist items keep their task and their per-task order; each now
-- also belongs to a checklist of that task. Items that exist already move into one default
-- checklist per task, id 'cl-' || task id (checklist ids are therefore 3 characters longer than
-- task ids may be).

CREATE TABLE journal_labels (
    id           VARCHAR(64)  NOT NULL,
    version      BIGINT       NOT NULL,
    category_id  VARCHAR(64)  NOT NULL,
    name         VARCHAR(100) NOT NULL,
    color        VARCHAR(7),
    created_at   TIMESTAMP    NOT NULL,
    updated_at   TIMESTAMP    NOT NULL,
    CONSTRAINT pk_journal_labels PRIMARY KEY (id),
    CONSTRAINT fk_journal_labels_category
        FOREIGN KEY (category_id) REFERENCES journal_categories (id),
    CONSTRAINT uq_journal_labels_name UNIQUE (category_id, name),
    CONSTRAINT ck_journal_labels_color
        CHECK (color IS NULL OR (LENGTH(color) = 7 AND SUBSTR(color, 1, 1) = '#'))
);

CREATE TABLE journal_task_labels (
    task_id   VARCHAR(64) NOT NULL,
    label_id  VARCHAR(64) NOT NULL,
    CONSTRAINT pk_journal_task_labels PRIMARY KEY (task_id, label_id),
    CONSTRAINT fk_journal_task_labels_task
        FOREIGN KEY (task_id) REFERENCES journal_tasks (id) ON DELETE CASCADE,
    CONSTRAINT fk_journal_task_labels_label
        FOREIGN KEY (label_id) REFERENCES journal_labels (id) ON DELETE CASCADE
);

CREATE INDEX idx_journal_task_labels_label ON journal_task_labels (label_id);

-- A BCP 47 language tag such as en or de-DE; NULL when unknown.
ALTER TABLE journal_tasks ADD COLUMN language VARCHAR(35);

CREATE TABLE journal_checklists (
    id          VARCHAR(67)  NOT NULL,
    version     BIGINT       NOT NULL,
    task_id     VARCHAR(64)  NOT NULL,
    title       VARCHAR(200) NOT NULL,
    sort_order  INTEGER      NOT NULL,
    created_at  TIMESTAMP    NOT NULL,
    updated_at  TIMESTAMP    NOT NULL,
    CONSTRAINT pk_journal_checklists PRIMARY KEY (id),
    CONSTRAINT fk_journal_checklists_task
        FOREIGN KEY (task_id) REFERENCES journal_tasks (id) ON DELETE CASCADE,
    CONSTRAINT uq_journal_checklists_order UNIQUE (task_id, sort_order),
    CONSTRAINT ck_journal_checklists_order CHECK (sort_order >= 0)
);

ALTER TABLE journal_checklist_items ADD COLUMN checklist_id VARCHAR(67);

INSERT INTO journal_checklists (id, version, task_id, title, sort_order, created_at, updated_at)
    SELECT 'cl-' || t.id, 0, t.id, 'Checklist', 0, t.created_at, t.created_at
    FROM journal_tasks t
    WHERE EXISTS (SELECT 1 FROM journal_checklist_items i WHERE i.task_id = t.id);

UPDATE journal_checklist_items SET checklist_id = 'cl-' || task_id;

-- A CHECK rather than ALTER COLUMN ... NOT NULL, whose syntax differs between the two databases.
ALTER TABLE journal_checklist_items
    ADD CONSTRAINT ck_journal_checklist_items_checklist CHECK (checklist_id IS NOT NULL);

ALTER TABLE journal_checklist_items
    ADD CONSTRAINT fk_journal_checklist_items_checklist
        FOREIGN KEY (checklist_id) REFERENCES journal_checklists (id) ON DELETE CASCADE;

CREATE INDEX idx_journal_checklist_items_checklist ON journal_checklist_items (checklist_id);
