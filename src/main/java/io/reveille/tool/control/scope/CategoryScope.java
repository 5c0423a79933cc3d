package io.reveille.tool.control.scope;

import io.reveille.tool.control.ToolFailure;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The categories an agent may read and write through tools: its {@code allowedCategoryIds} at the
 * time of the call. Deny by default: an entity without a category, or in a category not listed, is
 * out of scope, and an agent with no allowed category reaches nothing.
 *
 * <p>A task agent's scope is narrower still: within its categories, only its own task's subgraph
 * ({@link TaskSubgraph}) — {@link #requireTask} refuses any other task, and what hangs off one.
 *
 * <p>Refusals do not name the foreign category, so that a scoped agent learns nothing about the
 * rest of the journal beyond "not yours".
 */
public final class CategoryScope {

  private final SortedSet<String> allowed;
  private final TaskSubgraph subgraph;

  private CategoryScope(Collection<String> allowed, TaskSubgraph subgraph) {
    this.allowed = new TreeSet<>(allowed);
    this.subgraph = subgraph;
  }

  public static CategoryScope of(Collection<String> allowedCategoryIds) {
    return new CategoryScope(
        Objects.requireNonNull(allowedCategoryIds, "allowedCategoryIds"), null);
  }

  /** This scope, its task writes held to {@code tasks} as well. */
  public CategoryScope within(TaskSubgraph tasks) {
    return new CategoryScope(allowed, Objects.requireNonNull(tasks, "tasks"));
  }

  /** The allowed category ids, sorted (the {@code scopeSnapshot} of an action). */
  public Set<String> allowed() {
    return java.util.Collections.unmodifiableSortedSet(allowed);
  }

  public boolean allows(String categoryId) {
    return categoryId != null && allowed.contains(categoryId);
  }

  /**
   * Refuses with {@code out_of_scope} unless {@code categoryId} is in scope.
   *
   * @param entityType what the entity is, for the message ({@code task})
   * @param entityId which one
   */
  public void require(String categoryId, String entityType, String entityId) {
    if (!allows(categoryId)) {
      throw ToolFailure.outOfScope(
          entityType + " " + entityId + " is outside the categories this agent may use");
    }
  }

  /**
   * Refuses with {@code out_of_scope} unless {@code categoryId} is in scope and, for a task agent,
   * {@code taskId} is its task or one it created: the check of an entity of a task (the task
   * itself, a checklist, an item, a time entry, a rating of one).
   *
   * @param entityType what the entity is, for the message ({@code checklist item})
   * @param entityId which one
   */
  public void requireTask(String categoryId, String taskId, String entityType, String entityId) {
    require(categoryId, entityType, entityId);
    if (subgraph != null && !subgraph.contains(taskId)) {
      throw ToolFailure.outOfScope(
          entityType
              + " "
              + entityId
              + " belongs to no task of this task agent's: it writes only its own task and the"
              + " tasks it created");
    }
  }

  /** The call created {@code taskId}: a task agent may write it from now on. */
  public void created(String taskId) {
    if (subgraph != null) {
      subgraph.add(taskId);
    }
  }

  /**
   * Refuses with {@code out_of_scope} unless {@code categoryId}, named by the caller, is in scope.
   */
  public void requireCategory(String categoryId, String field) {
    if (!allows(categoryId)) {
      throw ToolFailure.outOfScope(
          field + ": category " + categoryId + " is outside the categories this agent may use");
    }
  }
}
