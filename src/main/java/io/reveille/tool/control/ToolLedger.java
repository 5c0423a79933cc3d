package io.reveille.tool.control;

import io.reveille.agent.control.AgentService;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import io.reveille.tool.entity.ToolCall;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;

/** Reads the tool-call ledger: an agent's calls, newest first, and the calls of one run. */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class ToolLedger {

  @PersistenceContext EntityManager em;
  @Inject AgentService agents;

  /** A window of the agent's calls, newest first; 404 for an unknown agent. */
  public Page<ToolCall> calls(String agentId, Window window) {
    agents.get(agentId);
    return window.read(
        em.createNamedQuery("ToolCall.findByAgentNewestFirst", ToolCall.class)
            .setParameter("agentId", agentId));
  }

  /** The first {@code limit} calls a run made, oldest first. */
  public List<ToolCall> ofRun(String runKey, int limit) {
    return em.createNamedQuery("ToolCall.findByRunKey", ToolCall.class)
        .setParameter("runKey", runKey)
        .setMaxResults(limit)
        .getResultList();
  }

  /** The ledger row under {@code key} when it is {@code failed}. */
  public java.util.Optional<ToolCall> failed(String key) {
    return java.util.Optional.ofNullable(em.find(ToolCall.class, key))
        .filter(row -> row.getStatus() == io.reveille.tool.entity.ToolCallStatus.FAILED);
  }
}
