package io.reveille.journal.control;

import io.reveille.journal.entity.AttentionRequest;
import io.reveille.journal.entity.AttentionStatus;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;

/**
 * Requests for a person's time on a task ({@link AttentionRequest}). As in {@link JournalService},
 * each public method is one transaction (or joins the caller's), and each change publishes one
 * notification batch inside it — {@code TASK}, {@code task.attention:<status>}, the task's id and
 * the request's id — so that the day planner of the task's category and the task's own agent hear
 * it.
 */
@ApplicationScoped
@Transactional
public class AttentionRequestService {

  /** Pending requests one task may have at once. */
  public static final int MAX_PENDING_PER_TASK = 10;

  /** Requests the day planner reads for one plan, at most. */
  public static final int MAX_HONOURED = 500;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;
  @Inject JournalService journal;
  @Inject JournalNotifications notifications;

  /**
   * A new open request for time on {@code taskId}, made by agent {@code requestedBy} (none: a
   * person).
   *
   * @throws NotFoundException for an unknown task
   * @throws io.reveille.platform.error.InvalidInputException for a task without a category, or an
   *     ask out of its bounds
   * @throws ConflictException when the task has {@value #MAX_PENDING_PER_TASK} pending requests
   */
  public AttentionRequest request(
      String taskId, Optional<String> requestedBy, AttentionRequest.Ask ask, ChangeOrigin origin) {
    var task = journal.task(taskId);
    var pending =
        em.createQuery(
                "SELECT COUNT(r) FROM AttentionRequest r WHERE r.taskId = :task"
                    + " AND r.status IN :pending",
                Long.class)
            .setParameter("task", taskId)
            .setParameter("pending", Set.of(AttentionStatus.OPEN, AttentionStatus.DEFERRED))
            .getSingleResult();
    if (pending >= MAX_PENDING_PER_TASK) {
      throw new ConflictException(
          "task "
              + taskId
              + " has "
              + MAX_PENDING_PER_TASK
              + " pending attention requests; resolve one first");
    }
    var request =
        new AttentionRequest(
            UUID.randomUUID().toString(), task, requestedBy.orElse(null), ask, clock.instant());
    em.persist(request);
    em.flush();
    notifications.attentionChanged(request, task, origin);
    return request;
  }

  public Optional<AttentionRequest> find(String requestId) {
    return Optional.ofNullable(em.find(AttentionRequest.class, requestId));
  }

  public AttentionRequest get(String requestId) {
    return find(requestId).orElseThrow(() -> new NotFoundException("attention request", requestId));
  }

  /**
   * Resolves the request as {@code status} for {@code reason} (a deferral with its next review).
   *
   * @throws io.reveille.platform.error.IllegalTransitionException when it may not move there
   */
  public AttentionRequest resolve(
      String requestId,
      AttentionStatus status,
      String reason,
      Optional<Instant> nextReviewAt,
      OptionalLong expectedVersion,
      ChangeOrigin origin) {
    var request = get(requestId);
    JournalLookups.requireVersion(
        "attention request", requestId, request.getVersion(), expectedVersion);
    request.resolve(status, reason, nextReviewAt, clock.instant());
    em.flush();
    notifications.attentionChanged(request, journal.task(request.getTaskId()), origin);
    return request;
  }

  /** A page of a task's requests, of the given statuses (all when empty), newest first. */
  public Page<AttentionRequest> ofTask(
      String taskId, Collection<AttentionStatus> statuses, Window window) {
    journal.task(taskId);
    var query =
        em.createQuery(
                "SELECT r FROM AttentionRequest r WHERE r.taskId = :task"
                    + (statuses.isEmpty() ? "" : " AND r.status IN :statuses")
                    + " ORDER BY r.createdAt DESC, r.id",
                AttentionRequest.class)
            .setParameter("task", taskId);
    if (!statuses.isEmpty()) {
      query.setParameter("statuses", statuses);
    }
    return window.read(query);
  }

  /**
   * The request the day planner honours for each of {@code taskIds} at {@code now}: of those open,
   * or deferred past their review, the most pressing (impact times urgency, then the earliest
   * deadline, then the oldest).
   */
  public Map<String, AttentionRequest> honoured(Collection<String> taskIds, Instant now) {
    if (taskIds.isEmpty()) {
      return Map.of();
    }
    var rows = new ArrayList<AttentionRequest>();
    for (var chunk : chunks(List.copyOf(taskIds), 500)) {
      rows.addAll(
          em.createQuery(
                  "SELECT r FROM AttentionRequest r WHERE r.taskId IN :tasks"
                      + " AND r.status IN :pending",
                  AttentionRequest.class)
              .setParameter("tasks", chunk)
              .setParameter("pending", Set.of(AttentionStatus.OPEN, AttentionStatus.DEFERRED))
              .setMaxResults(MAX_HONOURED)
              .getResultList());
    }
    var best = new LinkedHashMap<String, AttentionRequest>();
    rows.stream()
        .filter(request -> request.isHonouredAt(now))
        .sorted(PRESSING)
        .forEach(request -> best.putIfAbsent(request.getTaskId(), request));
    return best;
  }

  /** Most pressing first. */
  public static final Comparator<AttentionRequest> PRESSING =
      Comparator.comparingInt((AttentionRequest r) -> -(r.getImpact() * r.getUrgency()))
          .thenComparing(r -> r.getDeadline().orElse(Instant.MAX))
          .thenComparing(AttentionRequest::getCreatedAt)
          .thenComparing(AttentionRequest::getId);

  private static <T> List<List<T>> chunks(List<T> all, int size) {
    var chunks = new ArrayList<List<T>>();
    for (var from = 0; from < all.size(); from += size) {
      chunks.add(all.subList(from, Math.min(all.size(), from + size)));
    }
    return chunks;
  }
}
