package io.reveille.journal.control;

import io.reveille.journal.control.JournalNotifications.TimeEntryChange;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TimeEntry;
import io.reveille.journal.entity.TimeEntry.AnnotateMode;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.criteria.Predicate;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;

/**
 * Time spent: retrospective entries, task timers, their descriptions and spans.
 *
 * <p>Same contract as {@link JournalService}: one transaction per public method, exactly one
 * notification batch per change inside it and none when nothing changed, an overload with a {@link
 * ChangeOrigin} for agents' tool calls. At most one timer runs per task: starting one locks the
 * task's row first, so two concurrent starts queue and the second sees the first's entry.
 */
@ApplicationScoped
@Transactional
public class TimeEntryService {

  /** How far ahead of the server's clock a reported time may be (clients' clocks drift). */
  static final Duration CLOCK_SKEW = Duration.ofMinutes(5);

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;

  @Inject JournalNotifications notifications;

  /**
   * A retrospective (or, without {@code endedAt}, running) entry. With a task the category is the
   * task's and {@code categoryId}, if given, must name it; without one {@code categoryId} is
   * required.
   */
  public record NewTimeEntry(
      Optional<String> taskId,
      Optional<String> categoryId,
      Instant startedAt,
      Optional<Instant> endedAt,
      Optional<String> description,
      Optional<String> sourceEntryId) {
    public NewTimeEntry {
      Objects.requireNonNull(taskId, "taskId");
      Objects.requireNonNull(categoryId, "categoryId");
      Objects.requireNonNull(endedAt, "endedAt");
      Objects.requireNonNull(description, "description");
      Objects.requireNonNull(sourceEntryId, "sourceEntryId");
    }
  }

  /**
   * A partial update. An empty field stays as it is; an inner empty {@code Optional} clears the
   * description or source entry id. The task and category of an entry never change.
   */
  public record TimeEntryChanges(
      Optional<Instant> startedAt,
      Optional<Instant> endedAt,
      Optional<Optional<String>> description,
      Optional<Optional<String>> sourceEntryId) {
    public boolean isEmpty() {
      return startedAt.isEmpty()
          && endedAt.isEmpty()
          && description.isEmpty()
          && sourceEntryId.isEmpty();
    }
  }

  /** Filters of {@link #timeEntries}; an empty one does not filter. */
  public record TimeEntryFilter(
      Optional<String> taskId,
      Optional<Set<String>> categoryIds,
      Optional<Instant> from,
      Optional<Instant> to) {
    public static final TimeEntryFilter ALL =
        new TimeEntryFilter(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
  }

  /**
   * Records time already spent: {@code endedAt} must be after {@code startedAt} and neither may lie
   * in the future. Without {@code endedAt} the entry is a timer running since {@code startedAt},
   * refused like {@link #startTimer} when the task already has one.
   *
   * @throws InvalidInputException naming the field: unknown task or category, a task without a
   *     category, a category other than the task's, a bad span
   */
  public TimeEntry createTimeEntry(NewTimeEntry request, ChangeOrigin origin) {
    Objects.requireNonNull(request, "request");
    var now = clock.instant();
    if (request.startedAt() == null) {
      throw new InvalidInputException("startedAt", "is required");
    }
    notInFuture("startedAt", request.startedAt(), now);
    request
        .endedAt()
        .ifPresent(
            end -> {
              if (!end.isAfter(request.startedAt())) {
                throw new InvalidInputException(
                    "endedAt", "must be after startedAt (" + request.startedAt() + "), got " + end);
              }
              notInFuture("endedAt", end, now);
            });
    Optional<Task> task = request.taskId().map(this::lockedTaskWithCategory);
    var categoryId = categoryOf(task, request.categoryId());
    if (task.isPresent() && request.endedAt().isEmpty()) {
      requireNoRunningTimer(task.get());
    }
    var entry =
        new TimeEntry(
            UUID.randomUUID().toString(),
            categoryId,
            task.map(Task::getId).orElse(null),
            request.startedAt(),
            request.endedAt().orElse(null),
            request.description().orElse(null),
            request.sourceEntryId().orElse(null),
            now);
    em.persist(entry);
    em.flush();
    notifications.timeEntryChanged(entry, task, TimeEntryChange.CREATED, origin);
    return entry;
  }

  /**
   * Starts a timer on the task, now.
   *
   * @return the new running entry
   * @throws ConflictException when the task already has a running entry
   * @throws InvalidInputException on {@code taskId} for an unknown task or one without category
   */
  public TimeEntry startTimer(String taskId, Optional<String> description, ChangeOrigin origin) {
    var task = lockedTaskWithCategory(taskId);
    requireNoRunningTimer(task);
    var now = clock.instant();
    var entry =
        new TimeEntry(
            UUID.randomUUID().toString(),
            task.getCategoryId(),
            task.getId(),
            now,
            null,
            description.orElse(null),
            null,
            now);
    em.persist(entry);
    em.flush();
    notifications.timeEntryChanged(entry, Optional.of(task), TimeEntryChange.CREATED, origin);
    return entry;
  }

  /** Stops the task's running timer, now or at {@code endedAt}. */

  /**
   * Stops the task's running timer at {@code endedAt} (default now).
   *
   * @throws ConflictException when no timer runs on the task
   */
  public TimeEntry stopTimer(String taskId, Optional<Instant> endedAt, ChangeOrigin origin) {
    var task = JournalLookups.task(em, "taskId", taskId);
    var running = runningEntry(taskId);
    if (running.isEmpty()) {
      throw new ConflictException("no timer is running on task " + taskId);
    }
    return stop(running.get(), Optional.of(task), endedAt, origin);
  }

  /** The task's running entry, if a timer runs on it. */
  /** Every time entry booked on the task, in no particular order. */
  public List<TimeEntry> entriesOfTask(String taskId) {
    return em.createQuery("SELECT e FROM TimeEntry e WHERE e.taskId = :taskId", TimeEntry.class)
        .setParameter("taskId", taskId)
        .getResultList();
  }

  public Optional<TimeEntry> runningEntry(String taskId) {
    return em
        .createNamedQuery("TimeEntry.runningForTask", TimeEntry.class)
        .setParameter("taskId", taskId)
        .setMaxResults(1)
        .getResultList()
        .stream()
        .findFirst();
  }

  /** Appends {@code text} to the entry's description (a new line) or replaces it. */
  public TimeEntry annotate(String entryId, String text, AnnotateMode mode, ChangeOrigin origin) {
    var entry = timeEntry(entryId);
    if (entry.annotate(text, mode, clock.instant())) {
      em.flush();
      notifications.timeEntryChanged(entry, linkedTask(entry), TimeEntryChange.UPDATED, origin);
    }
    return entry;
  }

  /**
   * Applies {@code changes}. A running entry may move its start; giving {@code endedAt} to a
   * running entry stops it.
   */
  public TimeEntry updateTimeEntry(
      String entryId, OptionalLong expectedVersion, TimeEntryChanges changes, ChangeOrigin origin) {
    var entry = timeEntry(entryId);
    JournalLookups.requireVersion("time entry", entryId, entry.getVersion(), expectedVersion);
    var now = clock.instant();
    var stopping = entry.isRunning() && changes.endedAt().isPresent();
    var start = changes.startedAt().orElse(entry.getStartedAt());
    notInFuture("startedAt", start, now);
    changes.endedAt().ifPresent(end -> notInFuture("endedAt", end, now));
    var changed = false;
    if (stopping) {
      changed |= entry.retime(start, null, now);
      entry.stop(changes.endedAt().get(), now);
      changed = true;
    } else {
      changed |= entry.retime(start, changes.endedAt().orElse(entry.getEndedAt()), now);
    }
    changed |= changes.description().map(d -> entry.describe(d.orElse(null), now)).orElse(false);
    changed |=
        changes.sourceEntryId().map(s -> entry.attributeTo(s.orElse(null), now)).orElse(false);
    if (changed) {
      em.flush();
      notifications.timeEntryChanged(
          entry,
          linkedTask(entry),
          stopping ? TimeEntryChange.STOPPED : TimeEntryChange.UPDATED,
          origin);
    }
    return entry;
  }

  /** Deletes the entry; ratings of it stay (they are a record of how it went). */
  public void deleteTimeEntry(String entryId, OptionalLong expectedVersion, ChangeOrigin origin) {
    var entry = timeEntry(entryId);
    JournalLookups.requireVersion("time entry", entryId, entry.getVersion(), expectedVersion);
    var task = linkedTask(entry);
    em.remove(entry);
    em.flush();
    notifications.timeEntryChanged(entry, task, TimeEntryChange.DELETED, origin);
  }

  /** The time entry with this id, if there is one. */
  public Optional<TimeEntry> findTimeEntry(String entryId) {
    return Optional.ofNullable(em.find(TimeEntry.class, entryId));
  }

  public TimeEntry timeEntry(String entryId) {
    return Optional.ofNullable(entryId)
        .flatMap(this::findTimeEntry)
        .orElseThrow(() -> new NotFoundException("time entry", entryId));
  }

  /**
   * A page of the entries by start, oldest first. {@code from}/{@code to} select the entries that
   * overlap {@code [from, to)} (a running entry extends to now); a present but empty category set
   * selects none.
   */
  public Page<TimeEntry> timeEntries(TimeEntryFilter filter, Window window) {
    if (filter.categoryIds().filter(Set::isEmpty).isPresent()) {
      return window.of(List.of());
    }
    var cb = em.getCriteriaBuilder();
    var query = cb.createQuery(TimeEntry.class);
    var entry = query.from(TimeEntry.class);
    var where = new ArrayList<Predicate>();
    filter.taskId().ifPresent(id -> where.add(cb.equal(entry.get("taskId"), id)));
    filter.categoryIds().ifPresent(ids -> where.add(entry.get("categoryId").in(ids)));
    filter.to().ifPresent(to -> where.add(cb.lessThan(entry.<Instant>get("startedAt"), to)));
    filter
        .from()
        .ifPresent(
            from ->
                where.add(
                    cb.or(
                        cb.isNull(entry.get("endedAt")),
                        cb.greaterThan(entry.<Instant>get("endedAt"), from))));
    query
        .where(where.toArray(Predicate[]::new))
        .orderBy(cb.asc(entry.get("startedAt")), cb.asc(entry.get("id")));
    return window.read(em.createQuery(query));
  }

  private TimeEntry stop(
      TimeEntry entry, Optional<Task> task, Optional<Instant> endedAt, ChangeOrigin origin) {
    var now = clock.instant();
    var end = endedAt.orElse(now);
    notInFuture("endedAt", end, now);
    entry.stop(end, now);
    em.flush();
    notifications.timeEntryChanged(entry, task, TimeEntryChange.STOPPED, origin);
    return entry;
  }

  private Optional<Task> linkedTask(TimeEntry entry) {
    return Optional.ofNullable(entry.getTaskId()).map(id -> em.find(Task.class, id));
  }

  /** The task, locked until commit, so that timer checks on it are serialised. */
  private Task lockedTaskWithCategory(String taskId) {
    var task = JournalLookups.task(em, "taskId", taskId);
    em.lock(task, LockModeType.PESSIMISTIC_WRITE);
    if (task.getCategoryId() == null) {
      throw new InvalidInputException(
          "taskId", "task " + taskId + " has no category; file it under one to track time on it");
    }
    return task;
  }

  private String categoryOf(Optional<Task> task, Optional<String> categoryId) {
    if (task.isPresent()) {
      var taskCategory = task.get().getCategoryId();
      categoryId
          .filter(id -> !id.equals(taskCategory))
          .ifPresent(
              id -> {
                throw new InvalidInputException(
                    "categoryId",
                    "the entry takes its task's category '"
                        + taskCategory
                        + "'; omit categoryId or give that one");
              });
      return taskCategory;
    }
    var id =
        categoryId.orElseThrow(
            () -> new InvalidInputException("categoryId", "is required when no taskId is given"));
    return JournalLookups.category(em, "categoryId", id).getId();
  }

  private void requireNoRunningTimer(Task task) {
    runningEntry(task.getId())
        .ifPresent(
            running -> {
              throw new ConflictException(
                  "a timer is already running on task "
                      + task.getId()
                      + " (time entry "
                      + running.getId()
                      + ", since "
                      + running.getStartedAt()
                      + "); stop it first");
            });
  }

  private static void notInFuture(String field, Instant value, Instant now) {
    if (value.isAfter(now.plus(CLOCK_SKEW))) {
      throw new InvalidInputException(field, "must not be in the future, got " + value);
    }
  }
}
