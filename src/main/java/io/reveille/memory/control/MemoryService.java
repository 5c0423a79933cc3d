package io.reveille.memory.control;

import io.reveille.agent.control.AgentService;
import io.reveille.memory.entity.AgentMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentReport;
import io.reveille.memory.entity.AgentReportHead;
import io.reveille.platform.error.InvalidInputException;
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
 * Reads an agent's memory: its append-only message log and its current report.
 *
 * <p>The log is paged newest first by keyset on {@code (createdAt, id)}: a client asks for the
 * messages before the last one it has seen. A page costs the same however long the history is,
 * and messages appended while a client pages never shift or repeat entries.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class MemoryService {

  public static final String DEFAULT_REPORT_SCOPE = "current";

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;

  /** One page of messages, newest first, and whether older ones follow the last of them. */
  public record MessagePage(List<AgentMessage> messages, boolean more) {}

  /**
   * Messages of an agent, newest first.
   *
   * @param beforeMessageId the id of a message of this agent; only older messages are returned
   */
  public MessagePage messages(String agentId, Optional<AgentMessageKind> kind,
      Optional<String> threadId, int limit, Optional<String> beforeMessageId) {
    if (limit < 1) {
      throw new InvalidInputException("limit", "must be at least 1");
    }
    agents.get(agentId);
    var before = beforeMessageId.map(id -> Optional.ofNullable(em.find(AgentMessage.class, id))
        .filter(found -> found.getAgentId().equals(agentId))
        .orElseThrow(() -> new InvalidInputException("before",
            "no message '" + id + "' in the log of agent " + agentId)));
    var cb = em.getCriteriaBuilder();
    var query = cb.createQuery(AgentMessage.class);
    var message = query.from(AgentMessage.class);
    var filters = new ArrayList<Predicate>();
    filters.add(cb.equal(message.get("agentId"), agentId));
    kind.ifPresent(value -> filters.add(cb.equal(message.get("kind"), value)));
    threadId.ifPresent(value -> filters.add(cb.equal(message.get("threadId"), value)));
    before.ifPresent(cursor -> filters.add(cb.or(
        cb.lessThan(message.<Instant>get("createdAt"), cursor.getCreatedAt()),
        cb.and(cb.equal(message.get("createdAt"), cursor.getCreatedAt()),
            cb.lessThan(message.<String>get("id"), cursor.getId())))));
    query.where(filters.toArray(Predicate[]::new))
        .orderBy(cb.desc(message.get("createdAt")), cb.desc(message.get("id")));
    var rows = em.createQuery(query).setMaxResults(limit + 1).getResultList();
    var more = rows.size() > limit;
    return new MessagePage(List.copyOf(more ? rows.subList(0, limit) : rows), more);
  }

  /** The report the head of {@code scope} points at, if the agent has written one. */
  public Optional<AgentReport> currentReport(String agentId, String scope) {
    agents.get(agentId);
    return em.createNamedQuery("AgentReportHead.findByAgentAndScope", AgentReportHead.class)
        .setParameter("agentId", agentId)
        .setParameter("scope", scope)
        .getResultList()
        .stream()
        .findFirst()
        .map(head -> em.find(AgentReport.class, head.getReportId()));
  }
}
