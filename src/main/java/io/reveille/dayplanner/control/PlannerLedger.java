package io.reveille.dayplanner.control;

import io.reveille.tool.control.ledger.ToolLedger;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
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

  @Inject ToolLedger ledger;

  Set<String> authoredBlockIds(String agentId) {
    var ids = new HashSet<String>();
    for (var receipt : ledger.succeededResults(agentId, UPSERT, MAX_CALLS)) {
      createdIds(receipt, ids);
    }
    return ids;
  }

  /**
   * The stored receipt of this run's block write, when an earlier attempt of the run made it (the
   * run crashed or failed before completing): a re-run uses it instead of writing again.
   */
  java.util.Optional<JsonObject> writtenBy(String agentId, String runKey) {
    return ledger.succeededResult(agentId, UPSERT, runKey);
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
