-- One wire convention: every enum value a client sees is lowerCamelCase of its meaning, and the
-- database stores the same spelling. Tasks stored Java constant names (OPEN, P2), a few values were
-- snake_case; they are rewritten here. The constraints then refuse the old spellings, so every node
-- of the older release must be stopped before the first node of this one starts.
ALTER TABLE journal_tasks DROP CONSTRAINT ck_journal_tasks_status;
ALTER TABLE journal_tasks DROP CONSTRAINT ck_journal_tasks_priority;
UPDATE journal_tasks SET status = 'open' WHERE status = 'OPEN';
UPDATE journal_tasks SET status = 'inProgress' WHERE status = 'IN_PROGRESS';
UPDATE journal_tasks SET status = 'blocked' WHERE status = 'BLOCKED';
UPDATE journal_tasks SET status = 'done' WHERE status = 'DONE';
UPDATE journal_tasks SET status = 'rejected' WHERE status = 'REJECTED';
UPDATE journal_tasks SET priority = 'p0' WHERE priority = 'P0';
UPDATE journal_tasks SET priority = 'p1' WHERE priority = 'P1';
UPDATE journal_tasks SET priority = 'p2' WHERE priority = 'P2';
UPDATE journal_tasks SET priority = 'p3' WHERE priority = 'P3';
ALTER TABLE journal_tasks ADD CONSTRAINT ck_journal_tasks_status
  CHECK (status IN ('open', 'inProgress', 'blocked', 'done', 'rejected'));
ALTER TABLE journal_tasks ADD CONSTRAINT ck_journal_tasks_priority
  CHECK (priority IN ('p0', 'p1', 'p2', 'p3'));

ALTER TABLE wake_run_log DROP CONSTRAINT ck_wake_run_log_reason;
UPDATE wake_run_log SET reason = 'timerCatchup' WHERE reason = 'timer_catchup';
ALTER TABLE wake_run_log ADD CONSTRAINT ck_wake_run_log_reason CHECK (reason IN
  ('subscription', 'timer', 'timerCatchup', 'manual', 'userInitiated', 'recovery'));
UPDATE tool_proposals SET wake_reason = 'timerCatchup' WHERE wake_reason = 'timer_catchup';

ALTER TABLE tool_calls DROP CONSTRAINT ck_tool_calls_side_effect;
UPDATE tool_calls SET side_effect_class = 'readOnly' WHERE side_effect_class = 'read_only';
ALTER TABLE tool_calls ADD CONSTRAINT ck_tool_calls_side_effect CHECK (side_effect_class IN
  ('external', 'memory', 'local', 'readOnly'));

UPDATE agent_links SET link_type = 'agentState' WHERE link_type = 'agent_state';
UPDATE agent_links SET link_type = 'agentHeadMessage' WHERE link_type = 'agent_head_message';
UPDATE agent_links SET link_type = 'messagePrev' WHERE link_type = 'message_prev';
UPDATE agent_links SET link_type = 'messagePayload' WHERE link_type = 'message_payload';
UPDATE agent_links SET link_type = 'agentReportHead' WHERE link_type = 'agent_report_head';
UPDATE agent_links SET link_type = 'reportSourceSpan' WHERE link_type = 'report_source_span';
UPDATE agent_links SET link_type = 'toolEffect' WHERE link_type = 'tool_effect';
UPDATE agent_links SET link_type = 'agentTask' WHERE link_type = 'agent_task';
