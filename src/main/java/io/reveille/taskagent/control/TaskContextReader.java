package io.reveille.taskagent.control;

import io.reveille.journal.control.ChecklistService;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.TaskLinkService;
import io.reveille.journal.control.TimeEntryService;
import io.reveille.journal.entity.Checklist;
import io.reveille.journal.entity.Task;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Reads a task with its checklist and time spent, in one short read transaction. */
@ApplicationScoped
@Transactional
public class TaskContextReader {

  @Inject JournalService journal;
  @Inject ChecklistService checklistService;
  @Inject TimeEntryService timeEntries;
  @Inject TaskLinkService links;

  @Inject Clock clock;

  /** The task's context, or empty when the task no longer exists. */
  public Optional<TaskContext> read(String taskId) {
    var found = journal.findTask(taskId);
    if (found.isEmpty()) {
      return Optional.empty();
    }
    var task = found.get();
    var items =
        journal.checklistItems(taskId).stream()
            // A migrated item is carried on by its copy on the other task: not this task's work.
            .filter(item -> !item.isArchived())
            .map(item -> new TaskSnapshot.Item(item.getId(), item.getTitle(), item.isChecked()))
            .toList();
    var checklists = checklistService.checklists(taskId).stream().map(Checklist::getId).toList();
    var entries = timeEntries.entriesOfTask(taskId);
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
            task.getStatus().wire(),
            task.getPriority().wire(),
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
            checklists,
            related(task)));
  }

  /**
   * The tasks linked to {@code task} that are of its category: a link to a task of another category
   * is not shown to its agent, whose scope is its task's category.
   */
  private List<TaskContext.Related> related(Task task) {
    var related = new java.util.ArrayList<TaskContext.Related>();
    for (var link : links.links(task.getId())) {
      links
          .other(link, task.getId())
          .filter(
              other ->
                  other.getCategoryId() != null
                      && other.getCategoryId().equals(task.getCategoryId()))
          .ifPresent(
              other ->
                  related.add(
                      new TaskContext.Related(
                          link.relationSeenFrom(task.getId()),
                          other.getId(),
                          other.getTitle(),
                          other.getStatus().wire())));
    }
    return related;
  }
}
