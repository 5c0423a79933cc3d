package io.reveille.tool.control.scope;

import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The tasks a task agent may write: the task it serves ({@code slots.activeTaskId}) and the tasks
 * it created through its tools (follow-ups, the tasks it moved checklist items to), with what hangs
 * off them — their checklists and items, time entries and ratings. Another task of the same
 * category is out of its reach, though its category scope allows it. The created tasks are read
 * once a call, and only when a call asks about a task.
 */
public final class TaskSubgraph {

  private final Optional<String> activeTaskId;
  private final Supplier<Set<String>> createdTasks;
  private final Consumer<String> recorder;
  private Set<String> created;

  /**
   * @param createdTasks reads the ids of the tasks the agent created
   * @param recorder records that the agent created a task, in the call's transaction
   */
  public TaskSubgraph(
      Optional<String> activeTaskId,
      Supplier<Set<String>> createdTasks,
      Consumer<String> recorder) {
    this.activeTaskId = Objects.requireNonNull(activeTaskId, "activeTaskId");
    this.createdTasks = Objects.requireNonNull(createdTasks, "createdTasks");
    this.recorder = Objects.requireNonNull(recorder, "recorder");
  }

  /** Whether the agent may write {@code taskId} and what hangs off it. */
  public boolean contains(String taskId) {
    if (taskId == null) {
      return false;
    }
    return activeTaskId.filter(taskId::equals).isPresent() || created().contains(taskId);
  }

  /** The agent created {@code taskId}: from now on it is the agent's to write. */
  public void add(String taskId) {
    Objects.requireNonNull(taskId, "taskId");
    if (created().add(taskId) && activeTaskId.filter(taskId::equals).isEmpty()) {
      recorder.accept(taskId);
    }
  }

  private Set<String> created() {
    if (created == null) {
      created = new HashSet<>(createdTasks.get());
    }
    return created;
  }
}
