package io.reveille.memory.entity;

import static io.reveille.platform.entity.Guards.required;
import static io.reveille.platform.entity.Guards.text;
import static io.reveille.platform.entity.Guards.truncate;

import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.UniqueConstraint;
import jakarta.persistence.Version;
import java.time.Instant;

/**
 * A request to fold the span {@code startMessageId..endMessageId} of one thread into a summary
 * message, kept as a row so that compaction survives restarts and never blocks a wake.
 *
 * <p>Why persisted and versioned: compaction is best-effort and asynchronous (an LLM call that may
 * be rate-limited), so a failed attempt goes back to {@code pending} with a later {@code
 * nextAttemptAt} instead of being lost, and two workers racing for the same job cannot both run it
 * (the second one's {@link #start} fails at commit on the version). One job per span (a unique
 * constraint) makes re-enqueuing the same span harmless. Node-local: it is not synchronised.
 */
@Entity
@Table(
    name = "agent_compaction_jobs",
    uniqueConstraints =
        @UniqueConstraint(
            name = "uq_agent_compaction_jobs_span",
            columnNames = {"agent_id", "thread_id", "start_message_id", "end_message_id"}))
@NamedQuery(
    name = "AgentCompactionJob.findDue",
    query =
        "SELECT j FROM AgentCompactionJob j WHERE j.status IN :statuses"
            + " AND j.nextAttemptAt <= :now ORDER BY j.nextAttemptAt, j.id")
@NamedQuery(
    name = "AgentCompactionJob.findByThreadAndStatus",
    query =
        "SELECT j FROM AgentCompactionJob j WHERE j.agentId = :agentId"
            + " AND j.threadId = :threadId AND j.status = :status ORDER BY j.createdAt, j.id")
public class AgentCompactionJob {

  static final int ERROR_LENGTH = 2000;

  @Id
  @Column(name = "id", length = 64)
  private String id;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Column(name = "thread_id", length = 200, nullable = false, updatable = false)
  private String threadId;

  @Column(name = "start_message_id", length = 64, nullable = false, updatable = false)
  private String startMessageId;

  @Column(name = "end_message_id", length = 64, nullable = false, updatable = false)
  private String endMessageId;

  @Convert(converter = CompactionJobStatus.Converter.class)
  @Column(name = "status", length = 16, nullable = false)
  private CompactionJobStatus status;

  @Column(name = "attempts", nullable = false)
  private int attempts;

  @Column(name = "next_attempt_at", nullable = false)
  private Instant nextAttemptAt;

  @Column(name = "last_error", length = ERROR_LENGTH)
  private String lastError;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  protected AgentCompactionJob() {}

  /** A pending job, due at once. */
  public AgentCompactionJob(
      String id,
      String agentId,
      String threadId,
      String startMessageId,
      String endMessageId,
      Instant now) {
    this.id = text("id", id, 64);
    this.agentId = text("agentId", agentId, 64);
    this.threadId = text("threadId", threadId, 200);
    this.startMessageId = text("startMessageId", startMessageId, 64);
    this.endMessageId = text("endMessageId", endMessageId, 64);
    this.createdAt = required("now", now);
    this.updatedAt = now;
    this.nextAttemptAt = now;
    this.status = CompactionJobStatus.PENDING;
  }

  /**
   * pending → running: a worker takes the job, for at most until {@code leaseUntil}; counts an
   * attempt. A job still running after its lease was abandoned (its worker's node stopped) and is
   * {@linkplain #due due} again.
   */
  public void start(Instant now, Instant leaseUntil) {
    required("leaseUntil", leaseUntil);
    if (status == CompactionJobStatus.RUNNING && !nextAttemptAt.isAfter(required("now", now))) {
      // Taken over from a worker that never finished: its lease has run out.
      updatedAt = now;
    } else {
      move(CompactionJobStatus.PENDING, CompactionJobStatus.RUNNING, now);
    }
    nextAttemptAt = leaseUntil;
    attempts++;
  }

  /** Whether a worker may take the job at {@code now}: pending and due, or its lease ran out. */
  public boolean due(Instant now) {
    return (status == CompactionJobStatus.PENDING || status == CompactionJobStatus.RUNNING)
        && !nextAttemptAt.isAfter(now);
  }

  /** running → completed: the summary message and the moved pointers have been written. */
  public void complete(Instant now) {
    move(CompactionJobStatus.RUNNING, CompactionJobStatus.COMPLETED, now);
  }

  /**
   * running → pending: the attempt failed and the job is tried again at {@code retryAt}. The raw
   * messages stay the source of truth; nothing else moves.
   */
  public void fail(Instant now, String error, Instant retryAt) {
    required("retryAt", retryAt);
    if (now != null && retryAt.isBefore(now)) {
      throw new InvalidInputException("retryAt", "must not be before now");
    }
    move(CompactionJobStatus.RUNNING, CompactionJobStatus.PENDING, now);
    this.lastError = truncate(error, ERROR_LENGTH);
    this.nextAttemptAt = retryAt;
  }

  /** running → failed: the attempt failed and retries are exhausted. */
  public void failTerminally(Instant now, String error) {
    move(CompactionJobStatus.RUNNING, CompactionJobStatus.FAILED, now);
    this.lastError = truncate(error, ERROR_LENGTH);
  }

  /** failed → pending, due at once: an operator or a maintenance task tries again. */
  public void retry(Instant now) {
    move(CompactionJobStatus.FAILED, CompactionJobStatus.PENDING, now);
    this.nextAttemptAt = now;
  }

  private void move(CompactionJobStatus from, CompactionJobStatus to, Instant now) {
    required("now", now);
    if (status != from) {
      throw new IllegalTransitionException("compaction job " + id, status.wire(), to.wire());
    }
    status = to;
    updatedAt = now;
  }

  public String getId() {
    return id;
  }

  public String getAgentId() {
    return agentId;
  }

  public String getThreadId() {
    return threadId;
  }

  public String getStartMessageId() {
    return startMessageId;
  }

  public String getEndMessageId() {
    return endMessageId;
  }

  public CompactionJobStatus getStatus() {
    return status;
  }

  /** How many times a worker has started this job. */
  public int getAttempts() {
    return attempts;
  }

  public Instant getNextAttemptAt() {
    return nextAttemptAt;
  }

  public String getLastError() {
    return lastError;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }

  public long getVersion() {
    return version;
  }
}
