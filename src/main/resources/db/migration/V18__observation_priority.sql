-- Observations carry a priority (routine, notable, critical); every observation has one, no other
-- message does. A wake's context reads the critical ones, then the notable, then the routine ones
-- within the retention, each newest first through the index below: never a scan of the log.
ALTER TABLE agent_messages ADD COLUMN observation_priority VARCHAR(16);
UPDATE agent_messages SET observation_priority = 'routine' WHERE message_kind = 'observation';
ALTER TABLE agent_messages ADD CONSTRAINT ck_agent_messages_priority CHECK (
  (message_kind = 'observation' AND observation_priority IN ('routine', 'notable', 'critical'))
  OR (message_kind <> 'observation' AND observation_priority IS NULL));
CREATE INDEX idx_agent_messages_agent_kind_priority
  ON agent_messages (agent_id, message_kind, observation_priority, created_at);
