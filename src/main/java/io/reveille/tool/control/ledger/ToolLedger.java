package io.reveille.tool.control.ledger;

import io.reveille.agent.control.AgentService;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import io.reveille.tool.entity.ToolCall;
import io.reveille.tool.entity.ToolCallStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

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

  /**
   * The results of the agent's newest succeeded calls of {@code toolName}, newest first, at most
   * {@code limit}: what a feature that acts through a tool has written with it.
   */
  public List<JsonObject> succeededResults(String agentId, String toolName, int limit) {
    return succeeded(agentId, toolName, " ORDER BY c.createdAt DESC", Map.of())
        .setMaxResults(limit)
        .getResultList()
        .stream()
        .map(ToolCall::getResult)
        .toList();
  }

  /** The result of the agent's succeeded call of {@code toolName} in this run, if it made one. */
  public Optional<JsonObject> succeededResult(String agentId, String toolName, String runKey) {
    return succeeded(agentId, toolName, " AND c.runKey = :runKey", Map.of("runKey", runKey))
        .getResultList()
        .stream()
        .map(ToolCall::getResult)
        .filter(Objects::nonNull)
        .findFirst();
  }

  private TypedQuery<ToolCall> succeeded(
      String agentId, String toolName, String tail, Map<String, Object> more) {
    var query =
        em.createQuery(
                "SELECT c FROM ToolCall c WHERE c.agentId = :agentId AND c.toolName = :tool"
                    + " AND c.status = :status"
                    + tail,
                ToolCall.class)
            .setParameter("agentId", agentId)
            .setParameter("tool", toolName)
            .setParameter("status", ToolCallStatus.SUCCEEDED);
    more.forEach(query::setParameter);
    return query;
  }

  /** The ledger row under {@code key} when it is {@code failed}. */
  public Optional<ToolCall> failed(String key) {
    return Optional.ofNullable(em.find(ToolCall.class, key))
        .filter(row -> row.getStatus() == ToolCallStatus.FAILED);
  }
}
