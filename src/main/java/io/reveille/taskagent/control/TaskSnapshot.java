package io.reveille.taskagent.control;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the task agent saw of its task at one wake: the fields it reports on, the checklist items
 * and the time spent. Kept in the provenance of the report it wrote, so that the next wake can say
 * what changed since — whatever changed it, and however many notifications were coalesced.
 */
public record TaskSnapshot(
    String taskId,
    String title,
    String status,
    String priority,
    Optional<Integer> estimateMinutes,
    Optional<String> dueDate,
    Optional<String> categoryId,
    List<Item> items,
    long minutesSpent,
    boolean timerRunning) {

  /** One checklist item. */
  public record Item(String id, String title, boolean checked) {
    public Item {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(title, "title");
    }
  }

  public TaskSnapshot {
    Objects.requireNonNull(taskId, "taskId");
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(priority, "priority");
    Objects.requireNonNull(estimateMinutes, "estimateMinutes");
    Objects.requireNonNull(dueDate, "dueDate");
    Objects.requireNonNull(categoryId, "categoryId");
    items = List.copyOf(items);
  }

  public long checkedCount() {
    return items.stream().filter(Item::checked).count();
  }

  public Optional<Item> item(String id) {
    return items.stream().filter(item -> item.id().equals(id)).findFirst();
  }

  public JsonObject toJson() {
    var list = JsonDocuments.provider().createArrayBuilder();
    items.forEach(
        item ->
            list.add(
                JsonDocuments.provider()
                    .createObjectBuilder()
                    .add("id", item.id())
                    .add("title", item.title())
                    .add("checked", item.checked())));
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("taskId", taskId)
            .add("title", title)
            .add("status", status)
            .add("priority", priority)
            .add("items", list)
            .add("minutesSpent", minutesSpent)
            .add("timerRunning", timerRunning);
    estimateMinutes.ifPresent(minutes -> json.add("estimateMinutes", minutes));
    dueDate.ifPresent(date -> json.add("dueDate", date));
    categoryId.ifPresent(id -> json.add("categoryId", id));
    return json.build();
  }

  /**
   * The snapshot a report's provenance holds; empty when there is none or it is not one (an older
   * or foreign report), so that the agent starts afresh instead of failing.
   */
  public static Optional<TaskSnapshot> fromJson(JsonValue value) {
    if (!(value instanceof JsonObject json)) {
      return Optional.empty();
    }
    try {
      var items =
          json.getJsonArray("items").getValuesAs(JsonObject.class).stream()
              .map(
                  item ->
                      new Item(
                          item.getString("id"),
                          item.getString("title"),
                          item.getBoolean("checked")))
              .toList();
      return Optional.of(
          new TaskSnapshot(
              json.getString("taskId"),
              json.getString("title"),
              json.getString("status"),
              json.getString("priority"),
              json.containsKey("estimateMinutes")
                  ? Optional.of(json.getInt("estimateMinutes"))
                  : Optional.empty(),
              text(json, "dueDate"),
              text(json, "categoryId"),
              items,
              json.getJsonNumber("minutesSpent").longValue(),
              json.getBoolean("timerRunning", false)));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Optional<String> text(JsonObject json, String key) {
    return json.get(key) instanceof JsonString string
        ? Optional.of(string.getString())
        : Optional.empty();
  }
}
