package io.reveille.workflow.control;

import io.reveille.inference.control.ChatMessage;
import io.reveille.memory.control.HotContext;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentReport;
import io.reveille.memory.entity.ObservationPriority;
import io.reveille.retention.control.RetentionConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What an agent carries into a wake (seed 003 §4.3 "What the LLM sees"): its current report and its
 * observations, oldest first. Prior turns are not read: they are audit trail only.
 */
@ApplicationScoped
@Transactional
public class WakeMemory {

  /** The most observations one wake reads. */
  public static final int MAX_OBSERVATIONS = 500;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject MemoryService memory;
  @Inject HotContext hot;
  @Inject Clock clock;

  /** How long a routine observation stays in the context; empty: for good. */
  private Optional<Duration> routineRetention;

  @Inject
  void configure(
      @ConfigProperty(name = "reveille.memory.observation-retention", defaultValue = "P180D")
          String retention) {
    routineRetention = RetentionConfig.age("reveille.memory.observation-retention", retention);
  }

  public Optional<AgentReport> report(String agentId) {
    return memory.currentReport(agentId, MemoryService.DEFAULT_REPORT_SCOPE);
  }

  /** The texts of the observations a wake now reads, oldest first. */
  public List<String> observations(String agentId) {
    return observations(agentId, clock.instant());
  }

  /**
   * The texts of the observations a wake at {@code now} reads, oldest first: every critical one,
   * then the notable ones, then the routine ones younger than {@code
   * reveille.memory.observation-retention}, each newest first, at most {@value #MAX_OBSERVATIONS}
   * in all. Each priority is one read by the log's (agent, kind, priority, time) index, bounded by
   * what is left of the budget: the cost does not grow with the agent's history. Observations that
   * are not read stay in the log.
   */
  public List<String> observations(String agentId, Instant now) {
    var chosen = new ArrayList<Object[]>();
    for (var priority :
        List.of(
            ObservationPriority.CRITICAL,
            ObservationPriority.NOTABLE,
            ObservationPriority.ROUTINE)) {
      var left = MAX_OBSERVATIONS - chosen.size();
      if (left == 0) {
        break;
      }
      var since =
          priority == ObservationPriority.ROUTINE
              ? routineRetention.map(now::minus).orElse(Instant.EPOCH)
              : Instant.EPOCH;
      chosen.addAll(
          em.createQuery(
                  "SELECT m.createdAt, m.id, p.content FROM AgentMessage m, AgentMessagePayload p"
                      + " WHERE m.agentId = :agentId AND m.kind = :kind"
                      + " AND m.observationPriority = :priority AND m.createdAt >= :since"
                      + " AND p.id = m.contentEntryId ORDER BY m.createdAt DESC, m.id DESC",
                  Object[].class)
              .setParameter("agentId", agentId)
              .setParameter("kind", AgentMessageKind.OBSERVATION)
              .setParameter("priority", priority)
              .setParameter("since", since)
              .setMaxResults(left)
              .getResultList());
    }
    chosen.sort(
        Comparator.comparing((Object[] row) -> (Instant) row[0])
            .thenComparing(row -> (String) row[1]));
    return chosen.stream().map(row -> (String) row[2]).toList();
  }

  /**
   * The conversation of a session thread up to the turn {@code runKey} answers, oldest first: the
   * user's turns and the agent's answers with text (tool calls and results are not replayed; the
   * model sees their effects in the context it is given), as the thread's hot layer bounds it
   * ({@link HotContext}). Turns posted after it are left for their own runs.
   */
  public List<ChatMessage> sessionHistory(String agentId, String threadId, String runKey) {
    var layer = hot.of(agentId, threadId, hot.turnOf(agentId, runKey));
    var history = new ArrayList<ChatMessage>();
    if (layer.leftOut()) {
      // What came before the hot turns, as the summaries of its spans, oldest first.
      var summaries = new ArrayList<>(hot.warm(agentId, threadId));
      java.util.Collections.reverse(summaries);
      summaries.forEach(summary -> history.add(ChatMessage.system(summary.text())));
    }
    layer.turns().stream()
        .<ChatMessage>map(
            turn ->
                turn.kind() == AgentMessageKind.USER
                    ? ChatMessage.user(turn.text())
                    : ChatMessage.assistant(turn.text()))
        .forEach(history::add);
    return List.copyOf(history);
  }
}
