package io.reveille.dayplanner.control;

import io.reveille.tool.entity.ToolCall;
import io.reveille.tool.entity.ToolCallStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.HashSet;
import java.util.Set;

/**
 * Which day plan blocks a planner made, read from its own tool-call ledger: the ids its succeeded
 * {@code upsert_day_plan_blocks} calls created. Block ids are never reused, so a block on a plan
 * whose id is among them is the planner's to revise; every other block is someone else's and is
 * planned around. The ledger is the record of what the agent did, so this holds even when a run
 * wrote blocks and then failed before its report.
 */
@ApplicationScoped
@Transactional
class PlannerLedger {

  static final String UPSERT = "upsert_day_plan_blocks";

  /** How many of the newest block calls are read: a year of daily plans and some revisions. */
  static final int MAX_CALLS = 1_000;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  Set<String> authoredBlockIds(String agentId) {
    var calls =
        em.createQuery(
                "SELECT c FROM ToolCall c WHERE c.agentId = :agentId AND c.toolName = :tool"
                    + " AND c.status = :status ORDER BY c.createdAt DESC",
                ToolCall.class)
            .setParameter("agentId", agentId)
            .setParameter("tool", UPSERT)
            .setParameter("status", ToolCallStatus.SUCCEEDED)
            .setMaxResults(MAX_CALLS)
            .getResultList();
    var ids = new HashSet<String>();
    for (var call : calls) {
      createdIds(call.getResult(), ids);
    }
    return ids;
  }

  /**
   * The stored receipt of this run's block write, when an earlier attempt of the run made it (the
   * run crashed or failed before completing): a re-run uses it instead of writing again.
   */
  java.util.Optional<JsonObject> writtenBy(String agentId, String runKey) {
    return em
        .createQuery(
            "SELECT c FROM ToolCall c WHERE c.agentId = :agentId AND c.toolName = :tool"
                + " AND c.status = :status AND c.runKey = :runKey",
            ToolCall.class)
        .setParameter("agentId", agentId)
        .setParameter("tool", UPSERT)
        .setParameter("status", ToolCallStatus.SUCCEEDED)
        .setParameter("runKey", runKey)
        .getResultList()
        .stream()
        .map(ToolCall::getResult)
        .filter(java.util.Objects::nonNull)
        .findFirst();
  }

  /** The created block ids of a stored receipt ({@code payload.created[].id}). */
  static void createdIds(JsonObject receipt, Set<String> into) {
    if (receipt == null) {
      return;
    }
    var payload = receipt.getJsonObject("payload");
    if (payload == null || !payload.containsKey("created")) {
      return;
    }
    for (var block : payload.getJsonArray("created").getValuesAs(JsonObject.class)) {
      var id = block.get("id");
      if (id != null && id.getValueType() == JsonValue.ValueType.STRING) {
        into.add(block.getString("id"));
      }
    }
  }
}
