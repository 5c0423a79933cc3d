-- A thread's summaries by depth, deepest first: Derby computes MAX(summary_depth) under a WHERE
-- clause by walking every summary of the thread, so the cold summary's depth is read instead as
-- the first entry of this index (depth descending), one row however many folds the thread has.
-- The first-level summaries after the cold one stay a seek on depth 1, newest first.
DROP INDEX idx_agent_messages_thread_depth;
CREATE INDEX idx_agent_messages_thread_depth
  ON agent_messages (agent_id, thread_id, message_kind, summary_depth DESC, created_at DESC);
