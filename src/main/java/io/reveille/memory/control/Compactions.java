package io.reveille.memory.control;

import io.reveille.memory.control.HotContext.Turn;
import io.reveille.memory.entity.AgentCompactionJob;
import io.reveille.memory.entity.AgentMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.CompactionJobStatus;
import io.reveille.platform.Settings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Compaction of a thread's conversation: the oldest {@code reveille.memory.compaction.span} turns
 * past the last summary, once at least a hot layer's worth of newer turns follows them, become one
 * {@code summary} message.
 *
 * <p>Everything about a span is derived from it: the job's id and the summary's id are hashes of
 * (agent, thread, first message, last message). Planning the same span twice finds the job that is
 * there; two workers running the same job (two threads, two nodes) race on the job's version and on
 * the summary's primary key, and exactly one summary is written. The summary, the agent's {@code
 * latestSummaryMessageId} and the job's completion commit in one transaction, so a crash leaves
 * either all of them or none, and the job to run again. Raw messages are never deleted.
 */
@ApplicationScoped
public class Compactions {

  static final int MAX_ATTEMPTS = 5;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject MemoryService memory;
  @Inject HotContext hot;
  @Inject Clock clock;

  private int span;

  @Inject
  void configure(
      @ConfigProperty(name = "reveille.memory.compaction.span", defaultValue = "50") int span) {
    this.span = (int) Settings.within("reveille.memory.compaction.span", span, 2, 1000);
  }

  /**
   * The job for the thread's next span, created when the span is due; empty while the thread's
   * turns past its last summary still fit a span and a hot layer. Three bounded reads by index.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Optional<AgentCompactionJob> plan(String agentId, String threadId) {
    var after = lastSummarisedAt(agentId, threadId);
    var candidates = turnsAfter(agentId, threadId, after, span);
    if (candidates.size() < span) {
      return Optional.empty();
    }
    var last = candidates.get(candidates.size() - 1);
    if (turnsAfter(agentId, threadId, last.createdAt(), hot.maxMessages()).size()
        < hot.maxMessages()) {
      return Optional.empty();
    }
    var first = candidates.get(0);
    var id = derived("cj", agentId, threadId, first.messageId(), last.messageId());
    var existing = em.find(AgentCompactionJob.class, id);
    if (existing != null) {
      return Optional.of(existing);
    }
    var job =
        new AgentCompactionJob(
            id, agentId, threadId, first.messageId(), last.messageId(), clock.instant());
    em.persist(job);
    return Optional.of(job);
  }

  /**
   * Runs a due job: writes the span's summary, moves the agent's summary pointer and completes the
   * job, all in this transaction. Returns whether this call wrote the summary; a job another worker
   * completed, or one not due, is left alone.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public boolean run(String jobId) {
    var job = em.find(AgentCompactionJob.class, jobId);
    var now = clock.instant();
    if (job == null
        || job.getStatus() != CompactionJobStatus.PENDING
        || job.getNextAttemptAt().isAfter(now)) {
      return false;
    }
    job.start(now);
    // The start is written first: a second worker's start fails on the version here, not later.
    em.flush();
    var start = em.find(AgentMessage.class, job.getStartMessageId());
    var end = em.find(AgentMessage.class, job.getEndMessageId());
    var turns =
        turnsBetween(job.getAgentId(), job.getThreadId(), start.getCreatedAt(), end.getCreatedAt());
    var summaryId =
        derived(
            "sum",
            job.getAgentId(),
            job.getThreadId(),
            job.getStartMessageId(),
            job.getEndMessageId());
    memory.appendSummary(
        job.getAgentId(),
        job.getThreadId(),
        summaryId,
        job.getStartMessageId(),
        job.getEndMessageId(),
        ExtractiveSummary.of(turns));
    job.complete(now);
    return true;
  }

  /**
   * Records a failed attempt of a job: tried again after a back-off that doubles from 30 s (at most
   * an hour), or {@code failed} after {@value #MAX_ATTEMPTS} attempts, for an administrator to
   * retry.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void failed(String jobId, String error) {
    var job = em.find(AgentCompactionJob.class, jobId);
    if (job == null || job.getStatus() != CompactionJobStatus.PENDING) {
      return;
    }
    var now = clock.instant();
    job.start(now);
    if (job.getAttempts() >= MAX_ATTEMPTS) {
      job.failTerminally(now, error);
    } else {
      job.fail(now, error, now.plus(backoff(job.getAttempts())));
    }
  }

  /** A page of the agent's compaction jobs, newest first. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public io.reveille.platform.persistence.Window.Page<AgentCompactionJob> jobs(
      String agentId, io.reveille.platform.persistence.Window window) {
    return window.read(
        em.createQuery(
                "SELECT j FROM AgentCompactionJob j WHERE j.agentId = :agentId"
                    + " ORDER BY j.createdAt DESC, j.id DESC",
                AgentCompactionJob.class)
            .setParameter("agentId", agentId));
  }

  /**
   * An administrator's retry of a job that failed for good: {@code failed → pending}, due at once.
   *
   * @throws io.reveille.platform.error.NotFoundException for no such job of this agent
   * @throws io.reveille.platform.error.IllegalTransitionException when the job has not failed
   */
  @Transactional(Transactional.TxType.REQUIRED)
  public AgentCompactionJob retry(String agentId, String jobId) {
    var job = em.find(AgentCompactionJob.class, jobId);
    if (job == null || !job.getAgentId().equals(agentId)) {
      throw new io.reveille.platform.error.NotFoundException("compaction job", jobId);
    }
    job.retry(clock.instant());
    return job;
  }

  /** Whether the job is completed (by this worker or another). */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public boolean completed(String jobId) {
    var job = em.find(AgentCompactionJob.class, jobId);
    return job != null && job.getStatus() == CompactionJobStatus.COMPLETED;
  }

  /** The jobs due now, oldest due first, at most {@code limit}. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public List<String> due(int limit) {
    return em
        .createNamedQuery("AgentCompactionJob.findByStatusDue", AgentCompactionJob.class)
        .setParameter("status", CompactionJobStatus.PENDING)
        .setParameter("now", clock.instant())
        .setMaxResults(limit)
        .getResultList()
        .stream()
        .map(AgentCompactionJob::getId)
        .toList();
  }

  static Duration backoff(int attempts) {
    var seconds = 30L << Math.min(Math.max(attempts - 1, 0), 7);
    return Duration.ofSeconds(Math.min(seconds, 3600));
  }

  private Instant lastSummarisedAt(String agentId, String threadId) {
    return em
        .createQuery(
            "SELECT e.createdAt FROM AgentMessage s, AgentMessage e WHERE s.agentId = :agentId"
                + " AND s.threadId = :threadId AND s.kind = :summary"
                + " AND e.id = s.summaryEndMessageId ORDER BY s.createdAt DESC, s.id DESC",
            Instant.class)
        .setParameter("agentId", agentId)
        .setParameter("threadId", threadId)
        .setParameter("summary", AgentMessageKind.SUMMARY)
        .setMaxResults(1)
        .getResultList()
        .stream()
        .findFirst()
        .orElse(Instant.EPOCH);
  }

  private List<Turn> turnsAfter(String agentId, String threadId, Instant after, int limit) {
    return turns(agentId, threadId, after, Instant.parse("9999-12-31T23:59:59Z"), false, limit);
  }

  private List<Turn> turnsBetween(String agentId, String threadId, Instant from, Instant to) {
    return turns(agentId, threadId, from, to, true, span);
  }

  private List<Turn> turns(
      String agentId, String threadId, Instant from, Instant to, boolean inclusive, int limit) {
    return em
        .createQuery(
            "SELECT m.id, m.kind, m.createdAt, m.tokensApprox, p.content"
                + " FROM AgentMessage m, AgentMessagePayload p"
                + " WHERE m.agentId = :agentId AND m.threadId = :threadId AND m.kind IN :kinds"
                + (inclusive ? " AND m.createdAt >= :from" : " AND m.createdAt > :from")
                + " AND m.createdAt <= :to AND p.id = m.contentEntryId"
                + " ORDER BY m.createdAt, m.id",
            Object[].class)
        .setParameter("agentId", agentId)
        .setParameter("threadId", threadId)
        .setParameter("kinds", HotContext.CONVERSATION)
        .setParameter("from", from)
        .setParameter("to", to)
        .setMaxResults(limit)
        .getResultList()
        .stream()
        .map(Turn::of)
        .toList();
  }

  /** A stable id of a span: {@code <prefix>-} and the SHA-256 of its coordinates. */
  static String derived(String prefix, String... parts) {
    try {
      var digest = MessageDigest.getInstance("SHA-256");
      for (var part : parts) {
        digest.update(part.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
      }
      return prefix + "-" + HexFormat.of().formatHex(digest.digest()).substring(0, 56);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing", e);
    }
  }
}
