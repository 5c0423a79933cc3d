-- Reveille's own notification batches (the journal's and the agent domain's), written in the
-- transaction of the change they announce and taken in by the server once it has committed: the
-- intake deletes the row in the transaction that records the batch, so a row left here (the JVM
-- died between the two) is taken in by the outbox sweep of any node, once.
CREATE TABLE notification_outbox (
  batch_id    VARCHAR(200)  NOT NULL,
  document    ${text_type}  NOT NULL,
  created_at  TIMESTAMP     NOT NULL,
  CONSTRAINT pk_notification_outbox PRIMARY KEY (batch_id)
);

CREATE INDEX idx_notification_outbox_created ON notification_outbox (created_at);
