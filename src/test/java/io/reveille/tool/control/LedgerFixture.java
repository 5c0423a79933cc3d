package io.reveille.tool.control;

import io.reveille.tool.entity.ToolCall;
import io.reveille.tool.entity.ToolSideEffect;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;

/** Ledger rows as a node that died mid-call leaves them, for the recovery tests. */
@ApplicationScoped
public class LedgerFixture {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** A call over the API that began at {@code since} and never recorded an outcome. */
  @Transactional
  public String leaveRunning(
      String agentId, String operationId, String tool, JsonObject arguments, Instant since) {
    var key = OperationIds.ledgerKey(agentId, operationId);
    var row =
        new ToolCall(
            key, agentId, null, tool, operationId, ToolSideEffect.EXTERNAL, arguments, since);
    row.start(since);
    em.persist(row);
    return key;
  }

  @Transactional
  public ToolCall find(String key) {
    return em.find(ToolCall.class, key);
  }
}
