package io.reveille.journal.control;

import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.control.JournalService.TaskChanges;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Optional;

/**
 * Test-only help inside the server: recorded batches and wake runs, straight from the tables, and
 * the journal requests the tests make.
 */
@ApplicationScoped
@Transactional
public class JournalFixture {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** How many recorded notification batches mention {@code entityId}. */
  public long batchesMentioning(String entityId) {
    return em.createQuery(
            "SELECT COUNT(r) FROM NotificationBatchRecord r WHERE r.document LIKE :id", Long.class)
        .setParameter("id", "%\"" + entityId + "\"%")
        .getSingleResult();
  }

  /** The outbox rows whose batch names {@code entityId}: none once the intake has taken it in. */
  public long outboxRowsMentioning(String entityId) {
    return ((Number)
            em.createNativeQuery("SELECT COUNT(*) FROM notification_outbox WHERE document LIKE ?1")
                .setParameter(1, "%\"" + entityId + "\"%")
                .getSingleResult())
        .longValue();
  }

  public List<WakeRunLogEntry> runs(String agentId) {
    return em.createNamedQuery("WakeRunLogEntry.findByAgentNewestFirst", WakeRunLogEntry.class)
        .setParameter("agentId", agentId)
        .getResultList();
  }

  /** A task with only a title. */
  public static NewTask newTask(String title) {
    return new NewTask(
        title,
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  /** A task with a title, in a category, of a priority. */
  public static NewTask newTask(String title, String categoryId, TaskPriority priority) {
    return new NewTask(
        title,
        Optional.empty(),
        Optional.of(categoryId),
        Optional.empty(),
        Optional.of(priority),
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  /** A change of the status only. */
  public static TaskChanges statusChange(TaskStatus status) {
    return new TaskChanges(
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.of(status),
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  /** A change of the priority only. */
  public static TaskChanges priorityChange(TaskPriority priority) {
    return new TaskChanges(
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.of(priority),
        Optional.empty(),
        Optional.empty());
  }
}
