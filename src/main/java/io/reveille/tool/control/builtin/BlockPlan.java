package io.reveille.tool.control.builtin;

import io.reveille.journal.control.DayPlanService.BlockUpsert;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.ToolJson;
import io.reveille.tool.control.scope.CategoryScope;
import jakarta.json.JsonObject;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A block change resolved against the current plan: which blocks would be created, which really
 * change, which are deleted, and every block afterwards.
 */
record BlockPlan(
    List<PlannedBlock> created,
    List<PlannedBlock> updated,
    List<String> deleted,
    List<PlannedBlock> blocks) {

  static BlockPlan of(
      Map<String, DayPlanBlock> current, List<BlockUpsert> upserts, List<String> deletes) {
    var after = new LinkedHashMap<String, PlannedBlock>();
    current.forEach(
        (id, block) -> {
          if (!deletes.contains(id)) {
            after.put(id, PlannedBlock.of(block));
          }
        });
    var created = new ArrayList<PlannedBlock>();
    var updated = new ArrayList<PlannedBlock>();
    var next = new ArrayList<PlannedBlock>();
    for (var upsert : upserts) {
      var planned = PlannedBlock.of(upsert.id(), upsert);
      if (upsert.id().isEmpty()) {
        created.add(planned);
        next.add(planned);
      } else if (!planned.sameAs(current.get(planned.id()))) {
        updated.add(planned);
        after.put(planned.id(), planned);
      }
    }
    var blocks = new ArrayList<>(after.values());
    blocks.addAll(next);
    return new BlockPlan(created, updated, List.copyOf(deletes), PlannedBlock.sorted(blocks));
  }

  /** The plan as a tool result: what changes, and the in-scope blocks afterwards. */
  JsonObject toJson(LocalDate date, String planId, boolean planCreated, CategoryScope scope) {
    var deletedIds = JsonDocuments.provider().createArrayBuilder();
    deleted().forEach(deletedIds::add);
    var json = JsonDocuments.provider().createObjectBuilder().add("planDate", date.toString());
    ToolJson.nullable(json, "planId", planId);
    return json.add("planCreated", planCreated)
        .add("created", ToolJson.array(created(), PlannedBlock::toJson))
        .add("updated", ToolJson.array(updated(), PlannedBlock::toJson))
        .add("deleted", deletedIds)
        .add("blocks", PlannedBlock.inScope(scope, blocks()))
        .build();
  }
}
