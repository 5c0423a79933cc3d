-- A thread's messages newest first, read by index without a sort however long the thread: its
-- newest turns (the hot layer), and its summaries by depth — the deepest one (everything folded so
-- far) and the first-level ones after it. Descending, so that Derby walks them in order too.
CREATE INDEX idx_agent_messages_thread_newest
  ON agent_messages (agent_id, thread_id, created_at DESC);
CREATE INDEX idx_agent_messages_thread_depth
  ON agent_messages (agent_id, thread_id, message_kind, summary_depth, created_at DESC);
