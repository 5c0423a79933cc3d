-- An agent may take back its own pending proposal: the status withdrawn.
ALTER TABLE tool_proposals DROP CONSTRAINT ck_tool_proposals_status;
ALTER TABLE tool_proposals ADD CONSTRAINT ck_tool_proposals_status CHECK (status IN
    ('pending', 'approved', 'rejected', 'refused', 'withdrawn'));
