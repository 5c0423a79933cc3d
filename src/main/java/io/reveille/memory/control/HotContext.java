package io.reveille.memory.control;

import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.platform.Settings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The hot layer of a thread's context: its newest conversational turns (the user's and the agent's
 * answers), raw, oldest first, within two budgets — at most {@code
 * reveille.memory.hot-max-messages} turns and about {@code reveille.memory.hot-max-tokens} tokens
 * (each message's {@code tokensApprox}, estimated when it was written as a quarter of its
 * characters; the newest turn is kept even when it alone is over). One read by the log's (agent,
 * thread, time) index, newest first and limited to the message budget: the cost does not grow with
 * the thread's history. Older turns stay in the log.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class HotContext {

  static final List<AgentMessageKind> CONVERSATION =
      List.of(AgentMessageKind.USER, AgentMessageKind.ASSISTANT);

  /** One turn of the conversation. */
  public record Turn(
      String messageId, AgentMessageKind kind, Instant createdAt, int tokensApprox, String text) {

    /** A row of {@code m.id, m.kind, m.createdAt, m.tokensApprox, p.content}. */
    static Turn of(Object[] row) {
      return new Turn(
          (String) row[0],
          (AgentMessageKind) row[1],
          (Instant) row[2],
          (Integer) row[3],
          (String) row[4]);
    }
  }

  /** The turns within the budgets, oldest first; {@code leftOut}: older turns exist beyond them. */
  public record Layer(List<Turn> turns, int tokens, boolean leftOut) {}

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  private int maxMessages;
  private int maxTokens;

  @Inject
  void configure(
      @ConfigProperty(name = "reveille.memory.hot-max-messages", defaultValue = "40")
          int maxMessages,
      @ConfigProperty(name = "reveille.memory.hot-max-tokens", defaultValue = "8000")
          int maxTokens) {
    this.maxMessages =
        (int) Settings.within("reveille.memory.hot-max-messages", maxMessages, 1, 500);
    this.maxTokens =
        (int) Settings.within("reveille.memory.hot-max-tokens", maxTokens, 100, 1_000_000);
  }

  public int maxMessages() {
    return maxMessages;
  }

  public int maxTokens() {
    return maxTokens;
  }

  /**
   * The hot layer of {@code threadId}, of the turns written at or before {@code until} (all when
   * empty).
   */
  public Layer of(String agentId, String threadId, Optional<Instant> until) {
    var rows =
        em.createQuery(
                "SELECT m.id, m.kind, m.createdAt, m.tokensApprox, p.content"
                    + " FROM AgentMessage m, AgentMessagePayload p"
                    + " WHERE m.agentId = :agentId AND m.threadId = :threadId"
                    + " AND m.kind IN :kinds AND m.createdAt <= :until"
                    + " AND p.id = m.contentEntryId ORDER BY m.createdAt DESC, m.id DESC",
                Object[].class)
            .setParameter("agentId", agentId)
            .setParameter("threadId", threadId)
            .setParameter("kinds", CONVERSATION)
            .setParameter("until", until.orElse(Instant.parse("9999-12-31T23:59:59Z")))
            // One more than the budget: whether older turns exist beyond it.
            .setMaxResults(maxMessages + 1)
            .getResultList();
    var newestFirst = new ArrayList<Turn>();
    var tokens = 0;
    var leftOut = false;
    for (var row : rows) {
      var text = (String) row[4];
      if (text == null || text.isBlank()) {
        continue;
      }
      var turn = Turn.of(row);
      if (newestFirst.size() == maxMessages
          || (!newestFirst.isEmpty() && tokens + turn.tokensApprox() > maxTokens)) {
        leftOut = true;
        break;
      }
      newestFirst.add(turn);
      tokens += turn.tokensApprox();
    }
    Collections.reverse(newestFirst);
    return new Layer(List.copyOf(newestFirst), tokens, leftOut);
  }

  /** How many summaries of a thread its context carries (the newest). */
  public static final int WARM_SUMMARIES = 5;

  /** A summary of a span of the thread. */
  public record Summary(
      String messageId,
      Instant createdAt,
      String startMessageId,
      String endMessageId,
      String text) {}

  /**
   * The warm layer: the thread's newest {@value #WARM_SUMMARIES} summaries, newest first, by the
   * (agent, thread, kind, time) index.
   */
  public List<Summary> warm(String agentId, String threadId) {
    return em
        .createQuery(
            "SELECT m.id, m.createdAt, m.summaryStartMessageId, m.summaryEndMessageId, p.content"
                + " FROM AgentMessage m, AgentMessagePayload p WHERE m.agentId = :agentId"
                + " AND m.threadId = :threadId AND m.kind = :kind AND p.id = m.contentEntryId"
                + " ORDER BY m.createdAt DESC, m.id DESC",
            Object[].class)
        .setParameter("agentId", agentId)
        .setParameter("threadId", threadId)
        .setParameter("kind", AgentMessageKind.SUMMARY)
        .setMaxResults(WARM_SUMMARIES)
        .getResultList()
        .stream()
        .map(
            row ->
                new Summary(
                    (String) row[0],
                    (Instant) row[1],
                    (String) row[2],
                    (String) row[3],
                    (String) row[4]))
        .toList();
  }

  /** When the user's turn that run {@code runKey} answers was written, if it is in the log. */
  public Optional<Instant> turnOf(String agentId, String runKey) {
    return em
        .createQuery(
            "SELECT m.createdAt FROM AgentMessage m WHERE m.agentId = :agentId"
                + " AND m.triggerSourceId = :runKey AND m.kind = :kind",
            Instant.class)
        .setParameter("agentId", agentId)
        .setParameter("runKey", runKey)
        .setParameter("kind", AgentMessageKind.USER)
        .setMaxResults(1)
        .getResultList()
        .stream()
        .findFirst();
  }
}
