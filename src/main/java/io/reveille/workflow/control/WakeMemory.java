package io.reveille.workflow.control;

import io.reveille.inference.control.ChatMessage;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentReport;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Optional;

/**
 * What an agent carries into a wake (seed 003 §4.3 "What the LLM sees"): its current report and all
 * its observations, oldest first. Prior turns are not read: they are audit trail only.
 */
@ApplicationScoped
@Transactional
public class WakeMemory {

  /** The most observations one wake reads (the newest of them). */
  public static final int MAX_OBSERVATIONS = 500;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject MemoryService memory;

  public Optional<AgentReport> report(String agentId) {
    return memory.currentReport(agentId, MemoryService.DEFAULT_REPORT_SCOPE);
  }

  /** The texts of the agent's observations, oldest first. */
  public List<String> observations(String agentId) {
    var newestFirst =
        em.createQuery(
                "SELECT p.content FROM AgentMessage m, AgentMessagePayload p"
                    + " WHERE m.agentId = :agentId AND m.kind = :kind AND p.id = m.contentEntryId"
                    + " ORDER BY m.createdAt DESC, m.id DESC",
                String.class)
            .setParameter("agentId", agentId)
            .setParameter("kind", AgentMessageKind.OBSERVATION)
            .setMaxResults(MAX_OBSERVATIONS)
            .getResultList();
    var oldestFirst = new java.util.ArrayList<>(newestFirst);
    java.util.Collections.reverse(oldestFirst);
    return oldestFirst;
  }

  /** The most messages of a session's conversation a turn sends to the model (the newest). */
  public static final int MAX_SESSION_MESSAGES = 40;

  /**
   * The conversation of a session thread up to the turn {@code runKey} answers, oldest first: the
   * user's turns and the agent's answers with text (tool calls and results are not replayed; the
   * model sees their effects in the context it is given). Turns posted after it are left for their
   * own runs; at most the newest {@value #MAX_SESSION_MESSAGES} messages.
   */
  public List<ChatMessage> sessionHistory(String agentId, String threadId, String runKey) {
    var rows =
        em.createQuery(
                "SELECT m.kind, p.content, m.triggerSourceId FROM AgentMessage m,"
                    + " AgentMessagePayload p WHERE m.agentId = :agentId AND m.threadId = :threadId"
                    + " AND m.kind IN :kinds AND p.id = m.contentEntryId"
                    + " ORDER BY m.createdAt, m.id",
                Object[].class)
            .setParameter("agentId", agentId)
            .setParameter("threadId", threadId)
            .setParameter("kinds", List.of(AgentMessageKind.USER, AgentMessageKind.ASSISTANT))
            .getResultList();
    var history = new java.util.ArrayList<ChatMessage>();
    for (var row : rows) {
      var text = (String) row[1];
      if (text == null || text.isBlank()) {
        continue;
      }
      var user = row[0] == AgentMessageKind.USER;
      history.add(user ? ChatMessage.user(text) : ChatMessage.assistant(text));
      if (user && runKey.equals(row[2])) {
        break;
      }
    }
    return List.copyOf(
        history.subList(Math.max(0, history.size() - MAX_SESSION_MESSAGES), history.size()));
  }
}
