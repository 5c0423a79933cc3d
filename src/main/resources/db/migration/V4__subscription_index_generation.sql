-- The subscription index's generation: one counter that every subscription change increments in
-- its own transaction. The row lock taken by that UPDATE serialises the writers, so generations
-- commit in order and a node that has applied every change up to generation G knows it has missed
-- none (see SubscriptionCatalog).
CREATE TABLE subscription_index_state (
  id          INTEGER  NOT NULL,
  generation  BIGINT   NOT NULL,
  CONSTRAINT pk_subscription_index_state PRIMARY KEY (id),
  CONSTRAINT ck_subscription_index_state_single CHECK (id = 1)
);

INSERT INTO subscription_index_state (id, generation) VALUES (1, 0);

-- The generation in which a subscription last changed; rows from before this migration are 0.
ALTER TABLE agent_subscriptions ADD COLUMN index_generation BIGINT DEFAULT 0 NOT NULL;

CREATE INDEX idx_agent_subscriptions_generation ON agent_subscriptions (index_generation);
