package io.reveille.taskagent.control;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the task agent reads of its task at a wake: the snapshot it reports on, and what a
 * model additionally gets (description, labels, language, the linked tasks), and the ids it
 * follows.
 */
public record TaskContext(
    TaskSnapshot snapshot,
    Optional<String> description,
    List<String> labelIds,
    Optional<String> language,
    List<String> checklistIds,
    List<Related> related) {

  /** A task linked to the agent's task: the relation seen from its task, and where it stands. */
  public record Related(String relation, String taskId, String title, String status) {}

  public TaskContext {
    Objects.requireNonNull(snapshot, "snapshot");
    Objects.requireNonNull(description, "description");
    labelIds = List.copyOf(labelIds);
    Objects.requireNonNull(language, "language");
    checklistIds = List.copyOf(checklistIds);
    related = List.copyOf(related);
  }

  /**
   * The entities whose changes wake the agent: the task, its checklists and their items, and the
   * tasks linked to it (a blocking task's completion wakes the task it blocked).
   */
  public List<String> followedIds(int limit) {
    var ids = new java.util.LinkedHashSet<String>();
    ids.add(snapshot.taskId());
    ids.addAll(checklistIds);
    snapshot.items().forEach(item -> ids.add(item.id()));
    related.forEach(task -> ids.add(task.taskId()));
    return ids.stream().limit(limit).toList();
  }
}
