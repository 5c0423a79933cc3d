package io.reveille.workingstate.control;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The deterministic end-of-run summary of a run's own tool results, as a delta document: the
 * entities its successful calls touched join the understanding; each failed call that no later call
 * of the same tool in the run made good becomes an open item ({@code task}, {@code active}, titled
 * {@code <tool> failed: <error code>}); and an open item of that kind from an earlier run is
 * resolved when its tool succeeded in this one. Item ids derive from the failed result's message
 * id, so the same run summarised again proposes the same delta.
 */
final class RunSummary {

  static final String FAILED_ITEM_PREFIX = "f-";

  private RunSummary() {}

  /** One tool result the run recorded. */
  record Result(
      String messageId,
      String toolName,
      boolean succeeded,
      boolean preview,
      List<String> changedIds,
      List<String> changedTokens,
      Optional<String> errorCode,
      Optional<String> errorMessage) {
    public Result {
      Objects.requireNonNull(messageId, "messageId");
      Objects.requireNonNull(toolName, "toolName");
      changedIds = List.copyOf(changedIds);
      changedTokens = List.copyOf(changedTokens);
      Objects.requireNonNull(errorCode, "errorCode");
      Objects.requireNonNull(errorMessage, "errorMessage");
    }
  }

  /** The delta of {@code results} (oldest first) for a thread now in {@code state}. */
  static JsonObject delta(List<Result> results, WorkingState state) {
    var entities = new LinkedHashMap<String, WorkingState.Entity>();
    var failures = new ArrayList<Result>();
    var succeededTools = new java.util.HashSet<String>();
    for (var result : results) {
      if (result.preview()) {
        continue;
      }
      if (result.succeeded()) {
        succeededTools.add(result.toolName());
        failures.removeIf(failed -> failed.toolName().equals(result.toolName()));
        var kind =
            ObservedOutcome.of(
                    result.messageId(),
                    result.toolName(),
                    result.changedIds(),
                    result.changedTokens())
                .kind();
        result.changedIds().stream()
            .filter(id -> !id.isBlank() && id.length() <= WorkingState.MAX_REF_LENGTH)
            .forEach(
                id -> {
                  entities.remove(id);
                  entities.put(id, new WorkingState.Entity(id, kind));
                });
      } else {
        failures.add(result);
      }
    }
    var delta =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("schemaVersion", WorkingStateDocuments.SCHEMA_VERSION);
    if (!entities.isEmpty()) {
      var touched = new ArrayList<>(entities.values());
      var kept =
          touched.subList(Math.max(0, touched.size() - WorkingState.MAX_ENTITIES), touched.size());
      var list = JsonDocuments.provider().createArrayBuilder();
      kept.forEach(entity -> list.add(WorkingStateDocuments.toJson(entity)));
      delta.add(
          "understanding", JsonDocuments.provider().createObjectBuilder().add("entities", list));
    }
    var ops = JsonDocuments.provider().createArrayBuilder();
    var count = 0;
    for (var item : state.items()) {
      if (isOpenFailure(item)
          && succeededTools.stream().anyMatch(tool -> item.title().startsWith(tool + " failed:"))) {
        ops.add(
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("op", "update")
                .add("id", item.id())
                .add(
                    "patch",
                    JsonDocuments.provider().createObjectBuilder().add("status", "resolved")));
        count++;
      }
    }
    var room = WorkingState.MAX_ITEMS - state.items().size();
    for (var failed : failures) {
      var id = FAILED_ITEM_PREFIX + WorkingStates.hash(failed.messageId());
      if (room <= 0 || state.item(id).isPresent()) {
        continue;
      }
      var item =
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("id", id)
              .add("kind", "task")
              .add(
                  "title",
                  WorkingState.cut(
                      failed.toolName() + " failed: " + failed.errorCode().orElse("error"),
                      WorkingState.MAX_TITLE_LENGTH))
              .add("status", "active");
      failed
          .errorMessage()
          .filter(message -> !message.isBlank())
          .ifPresent(
              message ->
                  item.add("details", WorkingState.cut(message, WorkingState.MAX_DETAILS_LENGTH)));
      ops.add(JsonDocuments.provider().createObjectBuilder().add("op", "add").add("item", item));
      room--;
      count++;
    }
    if (count > 0) {
      delta.add("itemOps", ops);
    }
    return delta.build();
  }

  /** Whether the delta changes nothing but the record of the run. */
  static boolean isEmpty(JsonObject delta) {
    return !delta.containsKey("understanding") && !delta.containsKey("itemOps");
  }

  private static boolean isOpenFailure(WorkingState.Item item) {
    return item.id().startsWith(FAILED_ITEM_PREFIX)
        && "task".equals(item.kind())
        && "active".equals(item.status());
  }
}
