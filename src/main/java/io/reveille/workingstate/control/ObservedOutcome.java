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
