package io.reveille.tool.control;

import io.reveille.journal.entity.Category;
import io.reveille.journal.entity.Task;
import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.Collection;
import java.util.function.Function;

/** How tool payloads show journal entities: the same fields the REST API uses. */
public final class ToolJson {

  private ToolJson() {}

  public static JsonObject task(Task task) {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("id", task.getId())
            .add("version", task.getVersion())
            .add("title", task.getTitle())
            .add("status", task.getStatus().wire())
            .add("priority", task.getPriority().wire());
    nullable(json, "categoryId", task.getCategoryId());
    if (task.getEstimateMinutes() == null) {
      json.addNull("estimateMinutes");
    } else {
      json.add("estimateMinutes", task.getEstimateMinutes());
    }
    nullable(json, "dueDate", task.getDueDate() == null ? null : task.getDueDate().toString());
    return json.build();
  }

  /**
   * A task as a summary among others (a project's tasks, a task's linked ones): id, title, status,
   * priority and, when it has one, its due date.
   */
  public static JsonObjectBuilder taskSummary(Task task) {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("id", task.getId())
            .add("title", task.getTitle())
            .add("status", task.getStatus().wire())
            .add("priority", task.getPriority().wire());
    if (task.getDueDate() != null) {
      json.add("dueDate", task.getDueDate().toString());
    }
    return json;
  }

  public static JsonObject category(Category category) {
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("id", category.getId())
        .add("name", category.getName())
        .build();
  }

  public static <T> JsonArrayBuilder array(Collection<T> items, Function<T, JsonObject> render) {
    var array = JsonDocuments.provider().createArrayBuilder();
    items.forEach(item -> array.add(render.apply(item)));
    return array;
  }

  public static JsonObjectBuilder nullable(JsonObjectBuilder json, String name, String value) {
    return value == null ? json.addNull(name) : json.add(name, value);
  }
}
