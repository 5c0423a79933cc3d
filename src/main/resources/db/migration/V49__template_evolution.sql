-- Templates that evolve: a version may be written by an approved proposal of an improver agent
-- (source 'evolution', authored_by naming the agent), and an agent keeps the parameters it was made
-- with, so that it can be moved to a later version of its template on request.
ALTER TABLE agent_templates DROP CONSTRAINT ck_agent_templates_source;
ALTER TABLE agent_templates ADD CONSTRAINT ck_agent_templates_source
    CHECK (source IN ('shipped', 'directory', 'evolution'));
ALTER TABLE agent_templates ADD COLUMN authored_by VARCHAR(64);
ALTER TABLE agents ADD COLUMN template_parameters ${text_type};
