package io.reveille.tool.control;

import io.reveille.journal.entity.Category;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Collection;
import java.util.List;

/**
 * The journal reads of the tools, always filtered by the agent's scope in the query itself: what is
 * out of scope is never loaded, so it cannot leak through a payload.
 */
@ApplicationScoped
public class ScopedQueries {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  List<Category> categories(CategoryScope scope) {
    if (scope.allowed().isEmpty()) {
      return List.of();
    }
    return em.createQuery(
            "SELECT c FROM Category c WHERE c.id IN :ids ORDER BY c.name, c.id", Category.class)
        .setParameter("ids", scope.allowed())
        .getResultList();
  }

  /** Tasks in scope, newest first, optionally only some statuses and one category. */
  List<Task> tasks(
      CategoryScope scope,
      Collection<TaskStatus> statuses,
      Collection<String> categoryIds,
      int limit) {
    var categories =
        categoryIds.isEmpty()
            ? scope.allowed()
            : categoryIds.stream()
                .filter(scope::allows)
                .collect(java.util.stream.Collectors.toSet());
    if (categories.isEmpty()) {
      return List.of();
    }
    var jpql = new StringBuilder("SELECT t FROM Task t WHERE t.categoryId IN :categories");
    if (!statuses.isEmpty()) {
      jpql.append(" AND t.status IN :statuses");
    }
    jpql.append(" ORDER BY t.createdAt DESC, t.id");
    var query = em.createQuery(jpql.toString(), Task.class).setParameter("categories", categories);
    if (!statuses.isEmpty()) {
      query.setParameter("statuses", statuses);
    }
    return query.setMaxResults(limit).getResultList();
  }
}
