package io.reveille.tool.control;

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
 * <p>Refusals do not name the foreign category, so that a scoped agent learns nothing about the
 * rest of the journal beyond "not yours".
 */
public final class CategoryScope {

  private final SortedSet<String> allowed;

  private CategoryScope(Collection<String> allowed) {
    this.allowed = new TreeSet<>(allowed);
  }

  public static CategoryScope of(Collection<String> allowedCategoryIds) {
    return new CategoryScope(Objects.requireNonNull(allowedCategoryIds, "allowedCategoryIds"));
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
   * Refuses with {@code out_of_scope} unless {@code categoryId}, named by the caller, is in scope.
   */
  public void requireCategory(String categoryId, String field) {
    if (!allows(categoryId)) {
      throw ToolFailure.outOfScope(
          field + ": category " + categoryId + " is outside the categories this agent may use");
    }
  }
}
