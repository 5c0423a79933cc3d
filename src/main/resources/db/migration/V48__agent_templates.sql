-- Agent templates: agent kinds declared as data. Each version of a template is one row, written
-- once and never changed (its document is the template's compact JSON, digest its SHA-256), so
-- that every node of a cluster sees the same versions; the files shipped in the application and
-- the templates directory only seed them. An agent records the template version it was made from.
CREATE TABLE agent_templates (
    id                VARCHAR(64)   NOT NULL,
    template_id       VARCHAR(40)   NOT NULL,
    template_version  INTEGER       NOT NULL,
    document          ${text_type}  NOT NULL,
    digest            VARCHAR(64)   NOT NULL,
    source            VARCHAR(16)   NOT NULL,
    created_at        TIMESTAMP     NOT NULL,
    CONSTRAINT pk_agent_templates PRIMARY KEY (id),
    CONSTRAINT uq_agent_templates_version UNIQUE (template_id, template_version),
    CONSTRAINT ck_agent_templates_source CHECK (source IN ('shipped', 'directory'))
);
ALTER TABLE agents ADD COLUMN template_id VARCHAR(40);
ALTER TABLE agents ADD COLUMN template_version INTEGER;
