package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.required;

import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A request for a person's time on a task: how many minutes, how much it matters (impact and
 * urgency, 1 to 5), the energy it wants, and the window it must fall in (not before {@code
 * earliestStart}, ended by {@code latestEnd}, done by {@code deadline}). The day planner honours it
 * while it is {@link AttentionStatus#isPending pending} — a deferred one only from its next review
 * on. The task and its category never change; the status moves only as {@link AttentionStatus}
 * allows, with the reason kept.
 */
@Entity
@Table(name = "journal_attention_requests")
public class AttentionRequest {

  public static final int MAX_ID_LENGTH = 64;
  public static final int MAX_TITLE_LENGTH = 500;
  public static final int MAX_RATIONALE_LENGTH = 2_000;
  public static final int MAX_REASON_LENGTH = 1_000;
  public static final int MIN_MINUTES = 5;
  public static final int MAX_MINUTES = 480;

  @Id
  @Column(name = "id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "task_id", length = Task.MAX_ID_LENGTH, nullable = false, updatable = false)
  private String taskId;

  @Column(
      name = "category_id",
      length = Category.MAX_ID_LENGTH,
      nullable = false,
      updatable = false)
  private String categoryId;

  @Column(name = "requested_by", length = 64, updatable = false)
  private String requestedBy;

  @Column(name = "title", length = MAX_TITLE_LENGTH, nullable = false, updatable = false)
  private String title;

  @Column(name = "requested_minutes", nullable = false, updatable = false)
  private int requestedMinutes;

  @Column(name = "impact", nullable = false, updatable = false)
  private int impact;

  @Column(name = "urgency", nullable = false, updatable = false)
  private int urgency;

  @Convert(converter = EnergyFit.Converter.class)
  @Column(name = "energy_fit", length = 16, nullable = false, updatable = false)
  private EnergyFit energyFit;

  @Column(name = "earliest_start", updatable = false)
  private Instant earliestStart;

  @Column(name = "latest_end", updatable = false)
  private Instant latestEnd;

  @Column(name = "deadline", updatable = false)
  private Instant deadline;

  @Column(name = "next_review_at")
  private Instant nextReviewAt;

  @Column(name = "rationale", length = MAX_RATIONALE_LENGTH, nullable = false, updatable = false)
  private String rationale;

  @Convert(converter = AttentionStatus.Converter.class)
  @Column(name = "status", length = 24, nullable = false)
  private AttentionStatus status;

  @Column(name = "resolution_reason", length = MAX_REASON_LENGTH)
  private String resolutionReason;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected AttentionRequest() {}

  /** What is asked for, checked before anything is stored. */
  public record Ask(
      String title,
      int requestedMinutes,
      int impact,
      int urgency,
      EnergyFit energyFit,
      Optional<Instant> earliestStart,
      Optional<Instant> latestEnd,
      Optional<Instant> deadline,
      Optional<Instant> nextReviewAt,
      String rationale) {
    public Ask {
      nonBlankText("title", title, MAX_TITLE_LENGTH);
      if (requestedMinutes < MIN_MINUTES || requestedMinutes > MAX_MINUTES) {
        throw new InvalidInputException(
            "requestedMinutes", "must be " + MIN_MINUTES + " to " + MAX_MINUTES);
      }
      scale("impact", impact);
      scale("urgency", urgency);
      required("energyFit", energyFit);
      Objects.requireNonNull(earliestStart, "earliestStart");
      Objects.requireNonNull(latestEnd, "latestEnd");
      Objects.requireNonNull(deadline, "deadline");
      Objects.requireNonNull(nextReviewAt, "nextReviewAt");
      nonBlankText("rationale", rationale, MAX_RATIONALE_LENGTH);
      if (earliestStart.isPresent()
          && latestEnd.isPresent()
          && earliestStart.get().plusSeconds(requestedMinutes * 60L).isAfter(latestEnd.get())) {
        throw new InvalidInputException(
            "latestEnd", "leaves less than the requested minutes after earliestStart");
      }
    }

    private static void scale(String field, int value) {
      if (value < 1 || value > 5) {
        throw new InvalidInputException(field, "must be 1 to 5");
      }
    }
  }

  public AttentionRequest(String id, Task task, String requestedBy, Ask ask, Instant now) {
    this.id = idArgument("request id", id, MAX_ID_LENGTH);
    required("task", task);
    this.taskId = task.getId();
    this.categoryId =
        Optional.ofNullable(task.getCategoryId())
            .orElseThrow(
                () ->
                    new InvalidInputException(
                        "taskId", "task " + task.getId() + " has no category to plan it in"));
    this.requestedBy = requestedBy;
    required("ask", ask);
    this.title = ask.title().strip();
    this.requestedMinutes = ask.requestedMinutes();
    this.impact = ask.impact();
    this.urgency = ask.urgency();
    this.energyFit = ask.energyFit();
    this.earliestStart = ask.earliestStart().orElse(null);
    this.latestEnd = ask.latestEnd().orElse(null);
    this.deadline = ask.deadline().orElse(null);
    this.nextReviewAt = ask.nextReviewAt().orElse(null);
    this.rationale = ask.rationale().strip();
    this.status = AttentionStatus.OPEN;
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  /**
   * Resolves the request as {@code next} for {@code reason}; a deferral names when to review it
   * again, after {@code now}.
   *
   * @throws IllegalTransitionException when the request may not move there
   * @throws InvalidInputException for a blank reason, or a deferral without a later review
   */
  public void resolve(
      AttentionStatus next, String reason, Optional<Instant> reviewAt, Instant now) {
    var checked = requireResolvable(next, reason, reviewAt, now);
    status = next;
    resolutionReason = checked;
    reviewAt.ifPresent(at -> nextReviewAt = at);
    updatedAt = now;
  }

  /**
   * Checks that {@link #resolve} would take these, changing nothing (a preview asks this).
   *
   * @return the reason as it would be kept
   * @throws IllegalTransitionException when the request may not move to {@code next}
   * @throws InvalidInputException for a blank reason, or a deferral without a later review
   */
  public String requireResolvable(
      AttentionStatus next, String reason, Optional<Instant> reviewAt, Instant now) {
    required("status", next);
    if (!status.canMoveTo(next)) {
      throw new IllegalTransitionException("attention request " + id, status.wire(), next.wire());
    }
    var checked = nonBlankText("reason", reason, MAX_REASON_LENGTH).strip();
    Objects.requireNonNull(now, "now");
    if (next == AttentionStatus.DEFERRED && reviewAt.filter(at -> at.isAfter(now)).isEmpty()) {
      throw new InvalidInputException("nextReviewAt", "a deferral needs a review after now");
    }
    return checked;
  }

  /** Whether the day planner honours the request at {@code now}. */
  public boolean isHonouredAt(Instant now) {
    return status == AttentionStatus.OPEN
        || (status == AttentionStatus.DEFERRED
            && nextReviewAt != null
            && !nextReviewAt.isAfter(now));
  }

  public String getId() {
    return id;
  }

  public long getVersion() {
    return version;
  }

  public String getTaskId() {
    return taskId;
  }

  public String getCategoryId() {
    return categoryId;
  }

  public Optional<String> getRequestedBy() {
    return Optional.ofNullable(requestedBy);
  }

  public String getTitle() {
    return title;
  }

  public int getRequestedMinutes() {
    return requestedMinutes;
  }

  public int getImpact() {
    return impact;
  }

  public int getUrgency() {
    return urgency;
  }

  public EnergyFit getEnergyFit() {
    return energyFit;
  }

  public Optional<Instant> getEarliestStart() {
    return Optional.ofNullable(earliestStart);
  }

  public Optional<Instant> getLatestEnd() {
    return Optional.ofNullable(latestEnd);
  }

  public Optional<Instant> getDeadline() {
    return Optional.ofNullable(deadline);
  }

  public Optional<Instant> getNextReviewAt() {
    return Optional.ofNullable(nextReviewAt);
  }

  public String getRationale() {
    return rationale;
  }

  public AttentionStatus getStatus() {
    return status;
  }

  public Optional<String> getResolutionReason() {
    return Optional.ofNullable(resolutionReason);
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }
}
