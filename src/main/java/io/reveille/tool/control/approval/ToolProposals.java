package io.reveille.tool.control.approval;

import io.reveille.agent.control.AgentService;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import io.reveille.tool.entity.ProposalStatus;
import io.reveille.tool.entity.ToolProposal;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Optional;

/** Reads proposals: one by id, an agent's newest first, and its pending ones. */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class ToolProposals {

  @Inject java.time.Clock clock;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;

  /** The proposal; 404 when there is none. */
  public ToolProposal get(String id) {
    return Optional.ofNullable(em.find(ToolProposal.class, id))
        .orElseThrow(() -> new NotFoundException("proposal", id));
  }

  /** A window of the agent's proposals, newest first, of one status if given; 404 for no agent. */
  public Page<ToolProposal> of(String agentId, Optional<ProposalStatus> status, Window window) {
    agents.get(agentId);
    var query =
        status.isPresent()
            ? em.createNamedQuery(
                    "ToolProposal.findByAgentAndStatusNewestFirst", ToolProposal.class)
                .setParameter("status", status.get())
            : em.createNamedQuery("ToolProposal.findByAgentNewestFirst", ToolProposal.class);
    return window.read(query.setParameter("agentId", agentId));
  }

  /** The agent's newest {@code limit} pending proposals. */
  /** The proposals a run made, oldest first, at most {@code limit}. */
  public List<ToolProposal> ofRun(String runKey, int limit) {
    return em.createNamedQuery("ToolProposal.findByRun", ToolProposal.class)
        .setParameter("runKey", runKey)
        .setMaxResults(limit)
        .getResultList();
  }

  public List<ToolProposal> pending(String agentId, int limit) {
    return em.createNamedQuery("ToolProposal.findByAgentAndStatusNewestFirst", ToolProposal.class)
        .setParameter("agentId", agentId)
        .setParameter("status", ProposalStatus.PENDING)
        .setMaxResults(limit)
        .getResultList();
  }

  /** How many proposals the agent made since {@code since}, by their status now. */
  public java.util.Map<ProposalStatus, Long> countsSince(String agentId, java.time.Instant since) {
    var counts = new java.util.EnumMap<ProposalStatus, Long>(ProposalStatus.class);
    for (var status : ProposalStatus.values()) {
      counts.put(status, 0L);
    }
    em.createQuery(
            "SELECT p.status, COUNT(p) FROM ToolProposal p WHERE p.agentId = :agentId"
                + " AND p.createdAt >= :since GROUP BY p.status",
            Object[].class)
        .setParameter("agentId", agentId)
        .setParameter("since", since)
        .getResultList()
        .forEach(row -> counts.put((ProposalStatus) row[0], ((Number) row[1]).longValue()));
    return counts;
  }

  /** How many proposals of the agent await a decision. */
  public long pendingCount(String agentId) {
    return em.createNamedQuery("ToolProposal.countByAgentAndStatus", Long.class)
        .setParameter("agentId", agentId)
        .setParameter("status", ProposalStatus.PENDING)
        .getSingleResult();
  }

  /**
   * A cancelled run's pending proposals are rejected with it, in the cancelling transaction: no
   * later decision may apply a change for a run that was given up.
   */
  @jakarta.transaction.Transactional(jakarta.transaction.Transactional.TxType.MANDATORY)
  void onRunCancelled(
      @jakarta.enterprise.event.Observes io.reveille.wake.control.RunCancelled run) {
    var now = clock.instant();
    for (var proposal : ofRun(run.runKey(), Integer.MAX_VALUE)) {
      if (proposal.getStatus() == ProposalStatus.PENDING) {
        proposal.reject("reveille", now, "the run " + run.runKey() + " was cancelled");
      }
    }
  }
}
