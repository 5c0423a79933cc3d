package io.reveille.run.control;

import io.reveille.agent.control.RunCounts;
import io.reveille.agent.entity.AgentRunStatus;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentMessage;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import io.reveille.tool.control.approval.ToolProposals;
import io.reveille.tool.control.ledger.ToolLedger;
import io.reveille.tool.control.question.AgentQuestions;
import io.reveille.tool.entity.ToolCall;
import io.reveille.tool.entity.ToolProposal;
import io.reveille.wake.control.RunJournal;
import io.reveille.wake.entity.RunCheckpoint;
import io.reveille.wake.entity.RunStep;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.criteria.Predicate;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs across agents, for operators: the run log filtered and paged newest first (only the page is
 * read, whatever the log holds), and one run with what it did — its steps and checkpoints, its tool
 * calls (the ledger), the proposals it made and the messages it wrote.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class RunQueries implements RunCounts {

  /** Most tool calls, and most messages, one run's detail carries. */
  public static final int DETAIL_LIMIT = 500;

  @PersistenceContext EntityManager em;
  @Inject ToolLedger ledger;
  @Inject RunJournal journal;
  @Inject ToolProposals proposals;
  @Inject MemoryService memory;
  @Inject AgentQuestions questions;

  /** What waits for a person listed at most. */
  public static final int NEEDS_YOU_LIMIT = 200;

  /**
   * One thing that waits for a person: a proposal to approve or reject ({@code proposal}), a tool
   * call in doubt to resolve ({@code inDoubt}), a question to answer ({@code question}).
   */
  public record Waiting(
      String kind,
      String id,
      String agentId,
      String agentName,
      String runKey,
      String summary,
      Instant since) {}

  /** How many of each kind wait (and how many runs wait in all), and the newest of them. */
  public record NeedsYou(
      long proposals, long inDoubt, long questions, long waitingRuns, List<Waiting> items) {}

  /**
   * Everything that waits for a person across agents, newest first, at most {@code limit}: pending
   * proposals, tool calls in doubt and open questions, with the counts of each and of the runs that
   * wait.
   */
  public NeedsYou needsYou(int limit) {
    var items = new java.util.ArrayList<Waiting>();
    for (var p :
        em.createQuery(
                "SELECT p FROM ToolProposal p WHERE p.status = :status"
                    + " ORDER BY p.createdAt DESC, p.id DESC",
                ToolProposal.class)
            .setParameter("status", io.reveille.tool.entity.ProposalStatus.PENDING)
            .setMaxResults(limit)
            .getResultList()) {
      items.add(
          new Waiting(
              "proposal",
              p.getId(),
              p.getAgentId(),
              null,
              p.getRunKey(),
              p.getToolName(),
              p.getCreatedAt()));
    }
    for (var c :
        em.createQuery(
                "SELECT c FROM ToolCall c WHERE c.status = :status AND c.errorCode = :code"
                    + " ORDER BY c.updatedAt DESC",
                ToolCall.class)
            .setParameter("status", io.reveille.tool.entity.ToolCallStatus.RUNNING)
            .setParameter("code", ToolCall.IN_DOUBT)
            .setMaxResults(limit)
            .getResultList()) {
      items.add(
          new Waiting(
              "inDoubt",
              c.getIdempotencyKey(),
              c.getAgentId(),
              null,
              c.getRunKey(),
              c.getToolName(),
              c.getUpdatedAt()));
    }
    for (var q :
        em.createQuery(
                "SELECT q FROM AgentQuestion q WHERE q.status = :status"
                    + " ORDER BY q.createdAt DESC, q.id DESC",
                io.reveille.tool.entity.AgentQuestion.class)
            .setParameter("status", io.reveille.tool.entity.QuestionStatus.OPEN)
            .setMaxResults(limit)
            .getResultList()) {
      items.add(
          new Waiting(
              "question",
              q.getId(),
              q.getAgentId(),
              null,
              q.getRunKey(),
              q.getQuestion(),
              q.getCreatedAt()));
    }
    items.sort(
        java.util.Comparator.comparing(Waiting::since)
            .reversed()
            .thenComparing(Waiting::kind)
            .thenComparing(Waiting::id));
    var shown = items.subList(0, Math.min(limit, items.size()));
    var names = agentNames(shown.stream().map(Waiting::agentId).distinct().toList());
    return new NeedsYou(
        count(
            "SELECT COUNT(p) FROM ToolProposal p WHERE p.status = :v",
            io.reveille.tool.entity.ProposalStatus.PENDING),
        em.createQuery(
                "SELECT COUNT(c) FROM ToolCall c WHERE c.status = :status AND c.errorCode = :code",
                Long.class)
            .setParameter("status", io.reveille.tool.entity.ToolCallStatus.RUNNING)
            .setParameter("code", ToolCall.IN_DOUBT)
            .getSingleResult(),
        count(
            "SELECT COUNT(q) FROM AgentQuestion q WHERE q.status = :v",
            io.reveille.tool.entity.QuestionStatus.OPEN),
        count("SELECT COUNT(w) FROM WakeRunLogEntry w WHERE w.status = :v", WakeStatus.WAITING),
        shown.stream()
            .map(
                w ->
                    new Waiting(
                        w.kind(),
                        w.id(),
                        w.agentId(),
                        names.get(w.agentId()),
                        w.runKey(),
                        w.summary(),
                        w.since()))
            .toList());
  }

  private long count(String query, Object value) {
    return em.createQuery(query, Long.class).setParameter("v", value).getSingleResult();
  }

  /**
   * The display names of the agents {@code agentIds} (those that still exist), by id: one query for
   * them all.
   */
  public java.util.Map<String, String> agentNames(List<String> agentIds) {
    var names = new java.util.HashMap<String, String>();
    if (agentIds.isEmpty()) {
      return names;
    }
    for (var row :
        em.createQuery("SELECT a.id, a.displayName FROM Agent a WHERE a.id IN :ids", Object[].class)
            .setParameter("ids", agentIds)
            .getResultList()) {
      names.put((String) row[0], (String) row[1]);
    }
    return names;
  }

  /**
   * One run with its tool calls and messages, each oldest first and at most {@link #DETAIL_LIMIT}.
   */
  public record RunDetail(
      WakeRunLogEntry run,
      List<RunStep> steps,
      List<RunCheckpoint> checkpoints,
      List<ToolCall> toolCalls,
      List<ToolProposal> proposals,
      List<AgentMessage> messages) {}

  /** One grouped query, by the run log's agent index. */
  @Override
  public java.util.Map<String, Tally> runCounts(java.util.Collection<String> agentIds) {
    if (agentIds.isEmpty()) {
      return java.util.Map.of();
    }
    return em
        .createQuery(
            "SELECT r.agentId, COUNT(r),"
                + " SUM(CASE WHEN r.errorCode = :chainBroken THEN 1 ELSE 0 END)"
                + " FROM WakeRunLogEntry r WHERE r.agentId IN :ids GROUP BY r.agentId",
            Object[].class)
        .setParameter("ids", agentIds)
        .setParameter("chainBroken", CHAIN_BROKEN)
        .getResultList()
        .stream()
        .collect(
            java.util.stream.Collectors.toMap(
                row -> (String) row[0],
                row -> new Tally((Long) row[1], ((Number) row[2]).longValue())));
  }

  /** One query for the agent's unfinished runs, by the run log's agent index. */
  @Override
  public Optional<ActiveRun> activeRun(String agentId) {
    var unfinished =
        em.createQuery(
                "SELECT r FROM WakeRunLogEntry r WHERE r.agentId = :agentId AND r.status IN"
                    + " :statuses ORDER BY r.createdAt, r.runKey",
                WakeRunLogEntry.class)
            .setParameter("agentId", agentId)
            .setParameter(
                "statuses", List.of(WakeStatus.STARTED, WakeStatus.WAITING, WakeStatus.QUEUED))
            .getResultList();
    for (var status : List.of(WakeStatus.STARTED, WakeStatus.WAITING, WakeStatus.QUEUED)) {
      var run = unfinished.stream().filter(r -> r.getStatus() == status).findFirst();
      if (run.isPresent()) {
        return Optional.of(
            new ActiveRun(
                switch (status) {
                  case STARTED -> AgentRunStatus.RUNNING;
                  case WAITING -> AgentRunStatus.WAITING;
                  default -> AgentRunStatus.QUEUED;
                },
                run.get().getRunKey(),
                run.get().getReason().wire(),
                status == WakeStatus.WAITING ? run.get().getErrorCode().orElse(null) : null,
                status == WakeStatus.WAITING
                    ? questions.openQuestion(run.get().getRunKey()).orElse(null)
                    : null));
      }
    }
    return Optional.empty();
  }

  /** A window of the runs the filter admits, newest first. */
  public Page<WakeRunLogEntry> runs(RunFilter filter, Window window) {
    var cb = em.getCriteriaBuilder();
    var query = cb.createQuery(WakeRunLogEntry.class);
    var run = query.from(WakeRunLogEntry.class);
    var where = new ArrayList<Predicate>();
    filter.agentId().ifPresent(v -> where.add(cb.equal(run.get("agentId"), v)));
    filter.status().ifPresent(v -> where.add(cb.equal(run.get("status"), v)));
    filter.reason().ifPresent(v -> where.add(cb.equal(run.get("reason"), v)));
    filter
        .from()
        .ifPresent(v -> where.add(cb.greaterThanOrEqualTo(run.<Instant>get("createdAt"), v)));
    filter.to().ifPresent(v -> where.add(cb.lessThan(run.<Instant>get("createdAt"), v)));
    query
        .where(where.toArray(Predicate[]::new))
        .orderBy(cb.desc(run.get("createdAt")), cb.desc(run.get("runKey")));
    return window.read(em.createQuery(query));
  }

  /** The run with this key and what it did; 404 when there is none. */
  public RunDetail run(String runKey) {
    var run =
        Optional.ofNullable(em.find(WakeRunLogEntry.class, runKey))
            .orElseThrow(() -> new NotFoundException("run", runKey));
    return new RunDetail(
        run,
        journal.steps(runKey),
        journal.checkpoints(runKey),
        ledger.ofRun(runKey, DETAIL_LIMIT),
        proposals.ofRun(runKey, DETAIL_LIMIT),
        memory.ofRun(run.getAgentId(), runKey, DETAIL_LIMIT));
  }
}
