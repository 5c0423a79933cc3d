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
