package io.reveille.journal.control;

import io.reveille.journal.entity.Category;
import io.reveille.journal.entity.Task;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.PreconditionFailedException;
import jakarta.persistence.EntityManager;
import java.util.OptionalLong;

/**
 * The reference checks the time, plan and rating services share: a referenced category or task that
 * does not exist is bad input on the field that named it (not a 404 of the request's resource), and
 * a stale {@code If-Match} is refused before anything changes.
 */
final class JournalLookups {

  private JournalLookups() {}

  static Category category(EntityManager em, String field, String categoryId) {
    var category = categoryId == null ? null : em.find(Category.class, categoryId);
    if (category == null) {
      throw new InvalidInputException(field, "no category '" + categoryId + "'");
    }
    return category;
  }

  static Task task(EntityManager em, String field, String taskId) {
    var task = taskId == null ? null : em.find(Task.class, taskId);
    if (task == null) {
      throw new InvalidInputException(field, "no task '" + taskId + "'");
    }
    return task;
  }

  static void requireVersion(String what, String id, long current, OptionalLong expected) {
    if (expected.isPresent() && expected.getAsLong() != current) {
      throw new PreconditionFailedException(
          what
              + " "
              + id
              + " is at version "
              + current
              + ", not "
              + expected.getAsLong()
              + " (If-Match); read it again");
    }
  }
}
