package io.reveille.workingstate.control;

import java.util.List;
import java.util.Objects;

/**
 * What a tool result says in structure: the action that produced it, the tool, the ids of the
 * entities it touched and their types (the semantic keys of its notification tokens: TASK,
 * CHECKLIST_ITEM, …). Its count is the number of ids.
 */
public record ObservedOutcome(
    String toolActionId, String toolName, List<String> ids, List<String> types) {

  public ObservedOutcome {
    Objects.requireNonNull(toolActionId, "toolActionId");
    Objects.requireNonNull(toolName, "toolName");
    ids = List.copyOf(ids);
    types = List.copyOf(types);
  }

  /**
   * The outcome of a tool result: its changed entity ids, and as types the tokens that name a kind
   * of entity (semantic keys such as TASK; not qualified tokens such as {@code task.status:DONE}).
   */
  public static ObservedOutcome of(
      String toolActionId, String toolName, List<String> changedIds, List<String> changedTokens) {
    return new ObservedOutcome(
        toolActionId,
        toolName,
        changedIds,
        changedTokens.stream().filter(token -> token.indexOf(':') < 0).distinct().toList());
  }

  /** The kind of entity it touched: its one type, else {@code entity}. */
  String kind() {
    return types.size() == 1 ? types.get(0) : "entity";
  }

  public int count() {
    return ids.size();
  }

  String describe() {
    return toolName
        + " touched "
        + count()
        + (count() == 1 ? " entity" : " entities")
        + (ids.isEmpty() ? "" : " " + ids)
        + (types.isEmpty() ? "" : " of type " + types);
  }
}
