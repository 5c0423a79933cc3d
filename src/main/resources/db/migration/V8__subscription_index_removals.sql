-- Agents whose subscriptions left the index without a row to say so: deleting an agent cascades
-- its subscription rows away. Each deletion takes the next subscription-index generation and is
-- recorded here with it, so every node's incremental refresh drops that agent's entries.

CREATE TABLE subscription_index_removals (
  generation  BIGINT       NOT NULL,
  agent_id    VARCHAR(64)  NOT NULL,
  removed_at  TIMESTAMP    NOT NULL,
  CONSTRAINT pk_subscription_index_removals PRIMARY KEY (generation)
);
