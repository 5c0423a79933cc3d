package io.reveille.taskagent.control;

import io.reveille.journal.entity.Checklist;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TimeEntry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/** Reads a task with its checklist and time spent, in one short read transaction. */
@ApplicationScoped
@Transactional
public class TaskContextReader {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;

  /** The task's context, or empty when the task no longer exists. */
  public Optional<TaskContext> read(String taskId) {
    var task = em.find(Task.class, taskId);
    if (task == null) {
      return Optional.empty();
    }
    var items =
        em
            .createNamedQuery("ChecklistItem.byTask", ChecklistItem.class)
            .setParameter("taskId", taskId)
            .getResultList()
            .stream()
            .map(item -> new TaskSnapshot.Item(item.getId(), item.getTitle(), item.isChecked()))
            .toList();
    var checklists =
        em
            .createNamedQuery("Checklist.byTask", Checklist.class)
            .setParameter("taskId", taskId)
            .getResultList()
            .stream()
            .map(Checklist::getId)
            .toList();
    var entries =
        em.createQuery("SELECT e FROM TimeEntry e WHERE e.taskId = :taskId", TimeEntry.class)
            .setParameter("taskId", taskId)
            .getResultList();
    var now = clock.instant();
    var spent = Duration.ZERO;
    var running = false;
    for (var entry : entries) {
      running |= entry.getEndedAt() == null;
      var end = entry.getEndedAt() == null ? now : entry.getEndedAt();
      if (end.isAfter(entry.getStartedAt())) {
        spent = spent.plus(Duration.between(entry.getStartedAt(), end));
      }
    }
    var snapshot =
        new TaskSnapshot(
            task.getId(),
            task.getTitle(),
            task.getStatus().name(),
            task.getPriority().name(),
            Optional.ofNullable(task.getEstimateMinutes()),
            Optional.ofNullable(task.getDueDate()).map(Object::toString),
            Optional.ofNullable(task.getCategoryId()),
            items,
            spent.toMinutes(),
            running);
    return Optional.of(
        new TaskContext(
            snapshot,
            Optional.ofNullable(task.getDescription()),
            task.getLabelIds().stream().sorted().toList(),
            Optional.ofNullable(task.getLanguage()),
            checklists));
  }
}
