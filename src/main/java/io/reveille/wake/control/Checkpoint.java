package io.reveille.wake.control;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.wake.entity.RunCheckpoint;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The cursor a step boundary records: where the run is (phase, step), what is still ahead, what it
 * made so far, and the last tool call it made. Small by construction: lists keep their first
 * {@value #MAX_ITEMS} entries.
 *
 * @param nextOrdinal the ordinal the run's next tool call gets (its operation id derives from it)
 * @param remaining the phases still ahead, as far as the workflow knows them
 * @param artifacts references to what the run made (message ids, entity ids)
 * @param lastToolCall the ledger key of the last mutating tool call, if any
 */
public record Checkpoint(
    String phase,
    int stepIndex,
    int nextOrdinal,
    List<String> remaining,
    List<String> artifacts,
    Optional<String> lastToolCall) {

  static final int MAX_ITEMS = 12;
  static final int MAX_ITEM_LENGTH = 120;

  public Checkpoint {
    Objects.requireNonNull(phase, "phase");
    remaining = bounded(remaining);
    artifacts = bounded(artifacts);
    Objects.requireNonNull(lastToolCall, "lastToolCall");
  }

  private static List<String> bounded(List<String> items) {
    return items.stream()
        .limit(MAX_ITEMS)
        .map(item -> item.length() > MAX_ITEM_LENGTH ? item.substring(0, MAX_ITEM_LENGTH) : item)
        .toList();
  }

  /**
   * What kind of boundary the checkpoint marks: {@code phase_boundary} when the step ends its phase
   * (what comes next, if anything, is another phase), else {@code step_boundary}.
   */
  public String type() {
    return remaining.isEmpty() || !remaining.get(0).equals(phase)
        ? RunCheckpoint.PHASE_BOUNDARY
        : RunCheckpoint.STEP_BOUNDARY;
  }

  public JsonObject toJson() {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("phase", phase)
            .add("stepIndex", stepIndex)
            .add("nextOrdinal", nextOrdinal)
            .add("remaining", JsonDocuments.provider().createArrayBuilder(remaining))
            .add("artifacts", JsonDocuments.provider().createArrayBuilder(artifacts));
    lastToolCall.ifPresent(key -> json.add("lastToolCall", key));
    return json.build();
  }
}
