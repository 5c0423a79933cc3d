package io.reveille.tool.control.builtin;

import io.reveille.journal.control.JournalService;
import io.reveille.journal.entity.Category;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.tool.control.scope.CategoryScope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.List;

/**
 * The journal reads of the tools, always filtered by the agent's scope in the query itself: what is
 * out of scope is never loaded, so it cannot leak through a payload. The journal runs the queries;
 * this class decides which categories they may name.
 */
@ApplicationScoped
public class ScopedQueries {

  @Inject JournalService journal;

  List<Category> categories(CategoryScope scope) {
    if (scope.allowed().isEmpty()) {
      return List.of();
    }
    return journal.categoriesIn(scope.allowed());
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
    return journal.tasksIn(categories, statuses, limit);
  }
}
