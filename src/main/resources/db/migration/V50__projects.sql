-- Projects: a grouping of tasks of one category toward one outcome, with a status a person (or a
-- project agent's approved proposal) moves and the reason kept. A task names at most one project of
-- its own category.
CREATE TABLE projects (
    id             VARCHAR(64)    NOT NULL,
    version        BIGINT         NOT NULL,
    title          VARCHAR(500)   NOT NULL,
    description    ${text_type},
    category_id    VARCHAR(64)    NOT NULL,
    status         VARCHAR(16)    NOT NULL,
    status_reason  VARCHAR(1000),
    created_at     TIMESTAMP      NOT NULL,
    updated_at     TIMESTAMP      NOT NULL,
    CONSTRAINT pk_projects PRIMARY KEY (id),
    CONSTRAINT fk_projects_category FOREIGN KEY (category_id) REFERENCES journal_categories (id),
    CONSTRAINT ck_projects_status CHECK (status IN
        ('open', 'active', 'monitoring', 'onHold', 'completed', 'archived'))
);
CREATE INDEX ix_projects_category ON projects (category_id);
ALTER TABLE journal_tasks ADD COLUMN project_id VARCHAR(64);
ALTER TABLE journal_tasks ADD CONSTRAINT fk_journal_tasks_project FOREIGN KEY (project_id) REFERENCES projects (id);
CREATE INDEX ix_journal_tasks_project ON journal_tasks (project_id);
