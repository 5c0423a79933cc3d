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
 * thread, time descending) index, newest first and limited to the message budget — a message's time
 * is unique within its agent, so the order needs no tie-breaker and no sort: the cost does not grow
 * with the thread's history. Older turns stay in the log.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class HotContext {

  static final List<AgentMessageKind> CONVERSATION =
      List.of(AgentMessageKind.USER, AgentMessageKind.ASSISTANT);

  /** One turn of the conversation. */
  public record Turn(
      String messageId, AgentMessageKind kind, Instant createdAt, int tokensApprox, String text) {

    /** A row of {@code m.id, m.kind, m.createdAt, m.tokensApprox, m.content, p.content}. */
    static Turn of(Object[] row) {
      return new Turn(
          (String) row[0],
          (AgentMessageKind) row[1],
          (Instant) row[2],
          (Integer) row[3],
          MemoryService.text(row, 4));
    }
  }

  /** The turns within the budgets, oldest first; {@code leftOut}: older turns exist beyond them. */
  public record Layer(List<Turn> turns, int tokens, boolean leftOut) {}

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  private int maxMessages;
  private int maxTokens;
  private int warmMaxSummaries;
  private int summaryMaxTokens;

  @Inject
  void configure(
      @ConfigProperty(name = "reveille.memory.hot-max-messages", defaultValue = "40")
          int maxMessages,
      @ConfigProperty(name = "reveille.memory.hot-max-tokens", defaultValue = "8000") int maxTokens,
      @ConfigProperty(name = "reveille.memory.warm-max-summaries", defaultValue = "5")
          int warmMaxSummaries,
      @ConfigProperty(name = "reveille.memory.summary-max-tokens", defaultValue = "4000")
          int summaryMaxTokens) {
    this.warmMaxSummaries =
        (int) Settings.within("reveille.memory.warm-max-summaries", warmMaxSummaries, 1, 50);
    this.summaryMaxTokens =
        (int)
            Settings.within("reveille.memory.summary-max-tokens", summaryMaxTokens, 500, 1_000_000);
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

  /** How many first-level summaries the warm layer carries at most. */
  public int warmMaxSummaries() {
    return warmMaxSummaries;
  }

  /** About how many tokens the summaries of a context take at most. */
  public int summaryMaxTokens() {
    return summaryMaxTokens;
  }

  /**
   * The hot layer of {@code threadId}, of the turns written at or before {@code until} (all when
   * empty).
   */
  public Layer of(String agentId, String threadId, Optional<Instant> until) {
    var rows =
        em.createQuery(
                "SELECT m.id, m.kind, m.createdAt, m.tokensApprox, m.content, p.content"
                    + " FROM AgentMessage m"
                    + MemoryService.WITH_PAYLOAD
                    + " WHERE m.agentId = :agentId AND m.threadId = :threadId"
                    + " AND m.kind IN :kinds AND m.createdAt <= :until"
                    + MemoryService.HAS_TEXT
                    + " ORDER BY m.createdAt DESC",
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
      var text = MemoryService.text(row, 4);
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

  /** A summary of a span of the thread: of turns (depth 1) or of earlier summaries (deeper). */
  public record Summary(
      String messageId,
      Instant createdAt,
      int depth,
      String startMessageId,
      String endMessageId,
      int tokensApprox,
      String text) {

    /** A row of {@link #SUMMARY_COLUMNS}. */
    static Summary of(Object[] row) {
      return new Summary(
          (String) row[0],
          (Instant) row[1],
          (Integer) row[2],
          (String) row[3],
          (String) row[4],
          (Integer) row[5],
          MemoryService.text(row, 6));
    }
  }

  /**
   * The summaries a thread's context carries: the cold summary (of everything folded so far, if
   * anything has been) and the warm ones after it, newest first, within the summary budget; {@code
   * leftOut}: warm summaries past the budget were not carried.
   */
  public record Summaries(Optional<Summary> cold, List<Summary> warm, int tokens, boolean leftOut) {

    /** The texts, oldest first: the cold summary, then the warm ones. */
    public List<String> textsOldestFirst() {
      var texts = new ArrayList<String>();
      cold.ifPresent(summary -> texts.add(summary.text()));
      for (var i = warm.size() - 1; i >= 0; i--) {
        texts.add(warm.get(i).text());
      }
      return List.copyOf(texts);
    }
  }

  private static final String SUMMARY_COLUMNS =
      "SELECT m.id, m.createdAt, m.summaryDepth, m.summaryStartMessageId,"
          + " m.summaryEndMessageId, m.tokensApprox, m.content, p.content"
          + " FROM AgentMessage m"
          + MemoryService.WITH_PAYLOAD
          + " WHERE m.agentId = :agentId"
          + " AND m.threadId = :threadId AND m.kind = :kind"
          + MemoryService.HAS_TEXT;

  /**
   * The thread's summaries as its context carries them. Three reads by the (agent, thread, kind,
   * depth, time) index, each limited: the cold summary is the deepest (each fold is one deeper than
   * the one it folds in), the warm ones are the first-level summaries after the span it ends with —
   * fewer than twice {@code reveille.memory.warm-max-summaries} once compaction has caught up —,
   * newest first within {@code reveille.memory.summary-max-tokens} with the cold one (which is
   * bounded by its line count and always carried).
   */
  public Summaries summaries(String agentId, String threadId) {
    var cold = cold(agentId, threadId);
    var unfolded = unfolded(agentId, threadId, foldedUntil(cold), false, 2 * warmMaxSummaries);
    var tokens = cold.map(Summary::tokensApprox).orElse(0);
    var warm = new ArrayList<Summary>();
    var leftOut = false;
    for (var summary : unfolded) {
      if (tokens + summary.tokensApprox() > summaryMaxTokens) {
        leftOut = true;
        break;
      }
      warm.add(summary);
      tokens += summary.tokensApprox();
    }
    return new Summaries(cold, List.copyOf(warm), tokens, leftOut);
  }

  /**
   * The thread's deepest summary: of everything folded so far. There is one summary per depth past
   * the first (each fold is one deeper than the cold summary it folds in, and a fold's id is
   * derived from that summary), so this is the greatest depth — the first entry of the thread's
   * summaries in the (agent, thread, kind, depth descending) index — and the summary at it.
   */
  public Optional<Summary> cold(String agentId, String threadId) {
    // Not MAX(): Derby walks every summary of the thread for an aggregate under a WHERE clause.
    var deepest =
        em
            .createQuery(
                "SELECT m.summaryDepth FROM AgentMessage m WHERE m.agentId = :agentId"
                    + " AND m.threadId = :threadId AND m.kind = :kind"
                    + " ORDER BY m.summaryDepth DESC",
                Integer.class)
            .setParameter("agentId", agentId)
            .setParameter("threadId", threadId)
            .setParameter("kind", AgentMessageKind.SUMMARY)
            .setMaxResults(1)
            .getResultList()
            .stream()
            .findFirst()
            .orElse(null);
    if (deepest == null || deepest < 2) {
      return Optional.empty();
    }
    return em
        .createQuery(SUMMARY_COLUMNS + " AND m.summaryDepth = :depth", Object[].class)
        .setParameter("agentId", agentId)
        .setParameter("threadId", threadId)
        .setParameter("kind", AgentMessageKind.SUMMARY)
        .setParameter("depth", deepest)
        .setMaxResults(1)
        .getResultList()
        .stream()
        .map(Summary::of)
        .findFirst();
  }

  /** When the last summary the cold one folds in was written; the epoch without one. */
  public Instant foldedUntil(Optional<Summary> cold) {
    return cold.map(
            summary ->
                em.find(io.reveille.memory.entity.AgentMessage.class, summary.endMessageId())
                    .getCreatedAt())
        .orElse(Instant.EPOCH);
  }

  /**
   * The thread's first-level summaries written after {@code after} (not folded into the cold
   * summary yet), at most {@code limit}, oldest or newest first.
   */
  public List<Summary> unfolded(
      String agentId, String threadId, Instant after, boolean oldestFirst, int limit) {
    return em
        .createQuery(
            SUMMARY_COLUMNS
                + " AND m.summaryDepth = 1 AND m.createdAt > :after ORDER BY m.createdAt"
                + (oldestFirst ? "" : " DESC"),
            Object[].class)
        .setParameter("agentId", agentId)
        .setParameter("threadId", threadId)
        .setParameter("kind", AgentMessageKind.SUMMARY)
        .setParameter("after", after)
        .setMaxResults(limit)
        .getResultList()
        .stream()
        .map(Summary::of)
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
