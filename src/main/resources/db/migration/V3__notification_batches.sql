-- Every notification batch received, once per batchId: the dedupe point of the JMS intake.
CREATE TABLE notification_batches (
  batch_id        VARCHAR(200)  NOT NULL,
  origin          VARCHAR(16)   NOT NULL,
  host_id         VARCHAR(200),
  host_counter    BIGINT,
  origin_agent_id VARCHAR(200),
  token_count     INTEGER       NOT NULL,
  document        ${text_type}  NOT NULL,
  received_at     TIMESTAMP     NOT NULL,
  CONSTRAINT pk_notification_batches PRIMARY KEY (batch_id)
);

CREATE INDEX idx_notification_batches_received ON notification_batches (received_at);
CREATE INDEX idx_notification_batches_host ON notification_batches (host_id, host_counter);
