package io.reveille.journal.control;

import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskLink;
import io.reveille.journal.entity.TaskRelation;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;
import java.util.UUID;

/**
 * Links between tasks. As in {@link JournalService}, each public method is one transaction (or
 * joins the caller's) and a change publishes one notification batch inside it: {@code TASK}, the
 * subtype {@code task.link:<relation>} and both tasks' ids, so that the agents following either
 * task hear it. Linking what is linked already changes nothing and publishes nothing.
 */
@ApplicationScoped
@Transactional
public class TaskLinkService {

  /** Links of one task, at most (both directions together). */
  public static final int MAX_LINKS_PER_TASK = 100;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;
  @Inject JournalService journal;
  @Inject JournalNotifications notifications;

  /** A link, and whether this call made it (false: it was there already). */
  public record Linked(TaskLink link, boolean created) {}

  /**
   * Links {@code taskId} to {@code otherTaskId} by {@code relation}, a relation's name or its
   * inverse seen from {@code taskId} ({@code isBlockedBy}: the other task blocks this one).
   *
   * @throws InvalidInputException for an unknown relation or a task linked to itself
   * @throws NotFoundException for an unknown task
   * @throws ConflictException when either task has {@value #MAX_LINKS_PER_TASK} links
   */
  public Linked link(String taskId, String relation, String otherTaskId, ChangeOrigin origin) {
    var named =
        TaskRelation.named(relation)
            .orElseThrow(
                () -> new InvalidInputException("relation", "one of " + TaskRelation.names()));
    var task = journal.task(taskId);
    var other = journal.task(otherTaskId);
    var from = named.fromSide() ? task : other;
    var to = named.fromSide() ? other : task;
    var existing =
        em.createQuery(
                "SELECT l FROM TaskLink l WHERE l.fromTaskId = :from AND l.toTaskId = :to"
                    + " AND l.relation = :relation",
                TaskLink.class)
            .setParameter("from", from.getId())
            .setParameter("to", to.getId())
            .setParameter("relation", named.relation())
            .getResultList();
    if (!existing.isEmpty()) {
      return new Linked(existing.get(0), false);
    }
    for (var end : List.of(task, other)) {
      if (links(end.getId()).size() >= MAX_LINKS_PER_TASK) {
        throw new ConflictException(
            "task " + end.getId() + " has " + MAX_LINKS_PER_TASK + " links, the most it may have");
      }
    }
    var link =
        new TaskLink(
            UUID.randomUUID().toString(),
            from.getId(),
            named.relation(),
            to.getId(),
            clock.instant());
    em.persist(link);
    em.flush();
    notifications.tasksLinked(from, to, link.getRelation(), false, origin);
    return new Linked(link, true);
  }

  /**
   * Removes a link of {@code taskId}.
   *
   * @throws NotFoundException when the task has no such link
   */
  public void unlink(String taskId, String linkId, ChangeOrigin origin) {
    var link = em.find(TaskLink.class, linkId);
    if (link == null
        || (!link.getFromTaskId().equals(taskId) && !link.getToTaskId().equals(taskId))) {
      throw new NotFoundException("link of task " + taskId, linkId);
    }
    em.remove(link);
    em.flush();
    notifications.tasksLinked(
        journal.task(link.getFromTaskId()),
        journal.task(link.getToTaskId()),
        link.getRelation(),
        true,
        origin);
  }

  /** The links of a task in both directions, oldest first. */
  public List<TaskLink> links(String taskId) {
    return em.createQuery(
            "SELECT l FROM TaskLink l WHERE l.fromTaskId = :task OR l.toTaskId = :task"
                + " ORDER BY l.createdAt, l.id",
            TaskLink.class)
        .setParameter("task", taskId)
        .setMaxResults(MAX_LINKS_PER_TASK * 2)
        .getResultList();
  }

  /** The task at the other end of {@code link} from {@code taskId}, if it still exists. */
  public java.util.Optional<Task> other(TaskLink link, String taskId) {
    return journal.findTask(link.otherThan(taskId));
  }
}
