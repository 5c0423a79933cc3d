-- Links between tasks ("blocks", "follows up on", "duplicates", "fixes", "supersedes", "relates
-- to"), stored in one direction and read from either. A link goes with either of its tasks.
CREATE TABLE journal_task_links (
    id            VARCHAR(64)  NOT NULL,
    from_task_id  VARCHAR(64)  NOT NULL,
    to_task_id    VARCHAR(64)  NOT NULL,
    relation      VARCHAR(16)  NOT NULL,
    created_at    TIMESTAMP    NOT NULL,
    CONSTRAINT pk_journal_task_links PRIMARY KEY (id),
    CONSTRAINT fk_journal_task_links_from FOREIGN KEY (from_task_id)
        REFERENCES journal_tasks (id) ON DELETE CASCADE,
    CONSTRAINT fk_journal_task_links_to FOREIGN KEY (to_task_id)
        REFERENCES journal_tasks (id) ON DELETE CASCADE,
    CONSTRAINT uq_journal_task_links UNIQUE (from_task_id, to_task_id, relation),
    CONSTRAINT ck_journal_task_links_relation CHECK (relation IN
        ('relatesTo', 'blocks', 'followsUpOn', 'duplicates', 'fixes', 'supersedes'))
);
CREATE INDEX ix_journal_task_links_to ON journal_task_links (to_task_id);
