-- A thread's messages of one kind, newest first: its summaries for the warm layer of its context
-- and for where the next compaction starts, read by index however long the thread.
CREATE INDEX idx_agent_messages_thread_kind
  ON agent_messages (agent_id, thread_id, message_kind, created_at);
