-- Pending timer alarms: one row per armed timer, for its next firing, written and deleted in the
-- transaction that arms or cancels it. Every node's clock claims due rows in batches (on
-- PostgreSQL with SKIP LOCKED, so nodes share a burst) and fires them, one transaction per batch.
-- fire_at is the nominal firing the alarm stands for; due_at is when to try it, later than fire_at
-- only after a failed attempt (attempts counts those).
CREATE TABLE timer_alarms (
  timer_id  VARCHAR(64) NOT NULL,
  fire_at   TIMESTAMP   NOT NULL,
  due_at    TIMESTAMP   NOT NULL,
  attempts  INTEGER     NOT NULL,
  version   BIGINT      NOT NULL,
  CONSTRAINT pk_timer_alarms PRIMARY KEY (timer_id, fire_at)
);

CREATE INDEX idx_timer_alarms_due ON timer_alarms (due_at);

-- Alarms held until now by the container's EJB timer store: one per active timer of an active agent.
INSERT INTO timer_alarms (timer_id, fire_at, due_at, attempts, version)
  SELECT t.id, t.next_run_at, t.next_run_at, 0, 0
    FROM agent_timers t JOIN agents a ON a.id = t.agent_id
   WHERE t.active = TRUE AND t.next_run_at IS NOT NULL AND a.lifecycle = 'active';
