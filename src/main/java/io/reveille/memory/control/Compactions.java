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
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Compaction of a thread's conversation: the oldest {@code reveille.memory.compaction.span} turns
 * past the last summary, once at least a hot layer's worth of newer turns follows them, become one
 * first-level {@code summary} message (the warm layer); once twice {@code
 * reveille.memory.warm-max-summaries} first-level summaries follow the cold summary, the oldest
 * half of them and the cold summary fold into a new cold summary, one level deeper (the cold
 * layer).
 *
 * <p>Everything about a span is derived from it: the job's id and the summary's id are hashes of
 * (agent, thread, first message, last message). Planning the same span twice finds the job that is
 * there; two workers running the same job (two threads, two nodes) race on the job's version and on
 * the summary's primary key, and exactly one summary is written. The summary, the agent's {@code
 * latestSummaryMessageId} and the job's completion commit in one transaction, so a crash leaves
 * either all of them or none, and the job to run again. Raw messages are never deleted.
 *
 * <p>A worker {@linkplain #take takes} a job (its lease: {@code
 * reveille.memory.compaction.lease-seconds}), summarises outside any transaction — a model call
 * holds no lock — and {@linkplain #finish finishes} it; a job whose worker stopped is taken again
 * when its lease runs out, and the stopped worker's late finish is refused.
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
  private Duration lease;
  private long backoffSeconds;

  @Inject
  void configure(
      @ConfigProperty(name = "reveille.memory.compaction.span", defaultValue = "50") int span,
      @ConfigProperty(name = "reveille.memory.compaction.lease-seconds", defaultValue = "600")
          long leaseSeconds,
      @ConfigProperty(name = "reveille.memory.compaction.backoff-seconds", defaultValue = "30")
          long backoffSeconds) {
    this.backoffSeconds =
        Settings.within("reveille.memory.compaction.backoff-seconds", backoffSeconds, 0, 3600);
    this.span = (int) Settings.within("reveille.memory.compaction.span", span, 2, 1000);
    this.lease =
        Duration.ofSeconds(
            Settings.within("reveille.memory.compaction.lease-seconds", leaseSeconds, 1, 86_400));
  }

  /**
   * The thread's next job, created when due: a fold when the warm layer has grown to twice its
   * size, else the next span of turns; empty while neither is due. A handful of bounded reads by
   * index.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Optional<AgentCompactionJob> plan(String agentId, String threadId) {
    var cold = hot.cold(agentId, threadId);
    var warm = hot.warmMaxSummaries();
    var unfolded = hot.unfolded(agentId, threadId, hot.foldedUntil(cold), true, 2 * warm);
    if (unfolded.size() == 2 * warm) {
      return Optional.of(
          job(
              agentId,
              threadId,
              cold.orElse(unfolded.get(0)).messageId(),
              unfolded.get(warm - 1).messageId()));
    }
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
    return Optional.of(job(agentId, threadId, candidates.get(0).messageId(), last.messageId()));
  }

  private AgentCompactionJob job(String agentId, String threadId, String start, String end) {
    var id = derived("cj", agentId, threadId, start, end);
    var existing = em.find(AgentCompactionJob.class, id);
    if (existing != null) {
      return existing;
    }
    var job = new AgentCompactionJob(id, agentId, threadId, start, end, clock.instant());
    em.persist(job);
    return job;
  }

  /**
   * Takes a due job (or one whose worker's lease ran out) for this worker and reads what it folds;
   * empty when the job is done, failed or another worker's. The take is committed before the
   * summariser runs: a second worker's take of the same job fails on its version.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Optional<SpanWork> take(String jobId) {
    var job = em.find(AgentCompactionJob.class, jobId);
    var now = clock.instant();
    if (job == null || !job.due(now)) {
      return Optional.empty();
    }
    job.start(now, now.plus(lease));
    em.flush();
    var start = em.find(AgentMessage.class, job.getStartMessageId());
    var end = em.find(AgentMessage.class, job.getEndMessageId());
    var summaryId =
        derived(
            "sum",
            job.getAgentId(),
            job.getThreadId(),
            job.getStartMessageId(),
            job.getEndMessageId());
    if (end.getKind() != AgentMessageKind.SUMMARY) {
      var turns =
          turnsBetween(
              job.getAgentId(), job.getThreadId(), start.getCreatedAt(), end.getCreatedAt());
      return Optional.of(
          work(job, summaryId, 1, turns, List.of(), turns.get(turns.size() - 1).createdAt()));
    }
    // A fold: the previous cold summary (when the span starts with one), then the first-level
    // summaries after it up to the span's end.
    var earlier =
        start.getSummaryDepth() >= 2 ? Optional.of(start) : Optional.<AgentMessage>empty();
    var after =
        earlier
            .map(cold -> em.find(AgentMessage.class, cold.getSummaryEndMessageId()).getCreatedAt())
            .orElse(start.getCreatedAt().minusNanos(1000));
    var texts = new ArrayList<String>();
    earlier.ifPresent(cold -> texts.add(memory.content(cold).orElseThrow()));
    hot
        .unfolded(job.getAgentId(), job.getThreadId(), after, true, 2 * hot.warmMaxSummaries())
        .stream()
        .filter(summary -> !summary.createdAt().isAfter(end.getCreatedAt()))
        .forEach(summary -> texts.add(summary.text()));
    var until = em.find(AgentMessage.class, end.getSummaryEndMessageId()).getCreatedAt();
    var depth = earlier.map(cold -> cold.getSummaryDepth() + 1).orElse(2);
    return Optional.of(work(job, summaryId, depth, List.of(), texts, until));
  }

  private static SpanWork work(
      AgentCompactionJob job,
      String summaryId,
      int depth,
      List<Turn> turns,
      List<String> summaries,
      Instant until) {
    return new SpanWork(
        job.getId(),
        job.getVersion(),
        job.getAgentId(),
        job.getThreadId(),
        summaryId,
        job.getStartMessageId(),
        job.getEndMessageId(),
        depth,
        turns,
        summaries,
        until);
  }

  /**
   * Finishes a job this worker took: writes the span's summary, moves the agent's summary pointer
   * and completes the job, all in this transaction. Returns false, writing nothing, when the job
   * moved on since {@link #take} (done by another worker, or taken over after this worker's lease
   * ran out).
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public boolean finish(SpanWork work, String text) {
    var job = em.find(AgentCompactionJob.class, work.jobId());
    if (job == null
        || job.getStatus() != CompactionJobStatus.RUNNING
        || job.getVersion() != work.jobVersion()) {
      return false;
    }
    memory.appendSummary(
        work.agentId(),
        work.threadId(),
        work.summaryId(),
        work.startMessageId(),
        work.endMessageId(),
        work.depth(),
        text);
    job.complete(clock.instant());
    return true;
  }

  /**
   * Records a failed attempt of a job this worker took: tried again after a back-off that doubles
   * from {@code reveille.memory.compaction.backoff-seconds} (30 s; at most an hour), or {@code
   * failed} after {@value #MAX_ATTEMPTS} attempts, for an administrator to retry. Nothing is
   * recorded for a job that moved on since.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void failed(SpanWork work, String error) {
    var job = em.find(AgentCompactionJob.class, work.jobId());
    if (job == null
        || job.getStatus() != CompactionJobStatus.RUNNING
        || job.getVersion() != work.jobVersion()) {
      return;
    }
    var now = clock.instant();
    if (job.getAttempts() >= MAX_ATTEMPTS) {
      job.failTerminally(now, error);
    } else {
      job.fail(now, error, now.plus(backoff(backoffSeconds, job.getAttempts())));
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

  /**
   * The jobs due now (and those whose worker's lease ran out), oldest due first, at most {@code
   * limit}.
   */
  @Transactional(Transactional.TxType.SUPPORTS)
  public List<String> due(int limit) {
    return em
        .createNamedQuery("AgentCompactionJob.findDue", AgentCompactionJob.class)
        .setParameter("statuses", List.of(CompactionJobStatus.PENDING, CompactionJobStatus.RUNNING))
        .setParameter("now", clock.instant())
        .setMaxResults(limit)
        .getResultList()
        .stream()
        .map(AgentCompactionJob::getId)
        .toList();
  }

  static Duration backoff(long firstSeconds, int attempts) {
    var seconds = firstSeconds << Math.min(Math.max(attempts - 1, 0), 7);
    return Duration.ofSeconds(Math.min(seconds, 3600));
  }

  private Instant lastSummarisedAt(String agentId, String threadId) {
    return em
        .createQuery(
            "SELECT e.createdAt FROM AgentMessage s, AgentMessage e WHERE s.agentId = :agentId"
                + " AND s.threadId = :threadId AND s.kind = :summary AND s.summaryDepth = 1"
                + " AND e.id = s.summaryEndMessageId"
                + " ORDER BY s.createdAt DESC",
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
            "SELECT m.id, m.kind, m.createdAt, m.tokensApprox, m.content, p.content"
                + " FROM AgentMessage m"
                + MemoryService.WITH_PAYLOAD
                + " WHERE m.agentId = :agentId AND m.threadId = :threadId AND m.kind IN :kinds"
                + (inclusive ? " AND m.createdAt >= :from" : " AND m.createdAt > :from")
                + " AND m.createdAt <= :to"
                + MemoryService.HAS_TEXT
                + " ORDER BY m.createdAt",
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
