package io.reveille.tool.control.builtin;

import io.reveille.journal.control.DayPlanService.BlockUpsert;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.ToolJson;
import io.reveille.tool.control.scope.CategoryScope;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** A block as planned or as stored; {@code id} is null for a block a preview would create. */
record PlannedBlock(
    String id, String categoryId, String taskId, Instant startTime, Instant endTime, String note) {

  static PlannedBlock of(DayPlanBlock block) {
    return new PlannedBlock(
        block.getId(),
        block.getCategoryId(),
        block.getTaskId(),
        block.getStartTime(),
        block.getEndTime(),
        block.getNote());
  }

  static PlannedBlock of(Optional<String> id, BlockUpsert upsert) {
    return new PlannedBlock(
        id.orElse(null),
        upsert.categoryId(),
        upsert.taskId().orElse(null),
        upsert.startTime(),
        upsert.endTime(),
        upsert.note().map(String::strip).orElse(null));
  }

  /** Same content as a stored block (what {@code DayPlanBlock.revise} compares). */
  boolean sameAs(DayPlanBlock block) {
    return equals(of(block));
  }

  JsonObject toJson() {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("categoryId", categoryId)
            .add("startTime", startTime.toString())
            .add("endTime", endTime.toString());
    ToolJson.nullable(json, "id", id);
    ToolJson.nullable(json, "taskId", taskId);
    ToolJson.nullable(json, "note", note);
    return json.build();
  }

  /** The in-scope blocks by start time, as JSON. */
  static JsonArrayBuilder inScope(CategoryScope scope, List<PlannedBlock> blocks) {
    return ToolJson.array(
        sorted(blocks.stream().filter(b -> scope.allows(b.categoryId())).toList()),
        PlannedBlock::toJson);
  }

  /** By start, then end, then id, so that the order of equal blocks is stable. */
  static List<PlannedBlock> sorted(List<PlannedBlock> blocks) {
    return blocks.stream()
        .sorted(
            Comparator.comparing(PlannedBlock::startTime)
                .thenComparing(PlannedBlock::endTime)
                .thenComparing(b -> b.id() == null ? "" : b.id()))
        .toList();
  }
}
