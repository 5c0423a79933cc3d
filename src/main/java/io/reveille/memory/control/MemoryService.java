package io.reveille.memory.control;

import io.reveille.agent.control.AgentLifecycleChanged;
import io.reveille.agent.control.AgentNotifications;
import io.reveille.agent.control.AgentNotifications.AppendedMessage;
import io.reveille.agent.control.AgentNotifications.WrittenReport;
import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentState;
import io.reveille.memory.entity.AgentMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.memory.entity.AgentMessagePayload;
import io.reveille.memory.entity.AgentReport;
import io.reveille.memory.entity.AgentReportHead;
import io.reveille.memory.entity.ObservationPriority;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.FlushModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.criteria.Predicate;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * An agent's memory: its append-only message log and its current report.
 *
 * <p>Appending chains each message to the agent's previous head and moves the head on the agent's
 * state in the same transaction. It locks the state row first ({@link
 * AgentService#stateForUpdate}), so concurrent appends to one log queue behind each other instead
 * of forking the chain or failing on the state's {@code @Version}; the version stays as the last
 * guard. A message's time is strictly after its predecessor's, so "newest first" is the chain order
 * even when the clock stands still.
 *
 * <p>Every append and every report is announced in its own agent-domain batch ({@code
 * AGENT_MESSAGE}, {@code AGENT_REPORT}; see {@link AgentNotifications}).
 *
 * <p>The log is paged newest first by keyset on {@code (createdAt, id)}: a client asks for the
 * messages before the last one it has seen. A page costs the same however long the history is, and
 * messages appended while a client pages never shift or repeat entries.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class MemoryService {

  public static final String DEFAULT_REPORT_SCOPE = "current";

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;

  @Inject AgentNotifications notifications;

  @Inject Event<MessageWritten> written;

  @Inject Clock clock;

  @Resource TransactionSynchronizationRegistry transactions;

  /** The key of an agent's held head in the transaction's resources ({@link #holdHead}). */
  private static final String HELD_HEAD = MemoryService.class.getName() + ".head:";

  /** A head held back: none appended yet in the transaction, or the last one appended. */
  private record HeldHead(Optional<String> messageId, Instant at) {}

  /** One page of messages, newest first, and whether older ones follow the last of them. */
  public record MessagePage(List<AgentMessage> messages, boolean more) {}

  /**
   * Messages of an agent, newest first.
   *
   * @param beforeMessageId the id of a message of this agent; only older messages are returned
   */
  public MessagePage messages(
      String agentId,
      Optional<AgentMessageKind> kind,
      Optional<String> threadId,
      int limit,
      Optional<String> beforeMessageId) {
    if (limit < 1) {
      throw new InvalidInputException("limit", "must be at least 1");
    }
    agents.get(agentId);
    var before =
        beforeMessageId.map(
            id ->
                Optional.ofNullable(em.find(AgentMessage.class, id))
                    .filter(found -> found.getAgentId().equals(agentId))
                    .orElseThrow(
                        () ->
                            new InvalidInputException(
                                "before",
                                "no message '" + id + "' in the log of agent " + agentId)));
    var cb = em.getCriteriaBuilder();
    var query = cb.createQuery(AgentMessage.class);
    var message = query.from(AgentMessage.class);
    var filters = new ArrayList<Predicate>();
    filters.add(cb.equal(message.get("agentId"), agentId));
    kind.ifPresent(value -> filters.add(cb.equal(message.get("kind"), value)));
    threadId.ifPresent(value -> filters.add(cb.equal(message.get("threadId"), value)));
    before.ifPresent(
        cursor ->
            filters.add(
                cb.or(
                    cb.lessThan(message.<Instant>get("createdAt"), cursor.getCreatedAt()),
                    cb.and(
                        cb.equal(message.get("createdAt"), cursor.getCreatedAt()),
                        cb.lessThan(message.<String>get("id"), cursor.getId())))));
    query
        .where(filters.toArray(Predicate[]::new))
        .orderBy(cb.desc(message.get("createdAt")), cb.desc(message.get("id")));
    var rows = em.createQuery(query).setMaxResults(limit + 1).getResultList();
    var more = rows.size() > limit;
    return new MessagePage(List.copyOf(more ? rows.subList(0, limit) : rows), more);
  }

  /** One message of the agent; 404 when the agent or the message (of this agent) is unknown. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public AgentMessage message(String agentId, String messageId) {
    agents.get(agentId);
    return find(messageId)
        .filter(found -> found.getAgentId().equals(agentId))
        .orElseThrow(() -> new NotFoundException("message", messageId));
  }

  /** The first {@code limit} messages a run wrote (their trigger is its run key), oldest first. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public List<AgentMessage> ofRun(String agentId, String runKey, int limit) {
    return em.createNamedQuery("AgentMessage.findByTriggerOldestFirst", AgentMessage.class)
        .setParameter("agentId", agentId)
        .setParameter("triggerSourceId", runKey)
        .setMaxResults(limit)
        .getResultList();
  }

  /** The message with this id, of whichever agent, if there is one. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Optional<AgentMessage> find(String messageId) {
    return Optional.ofNullable(em.find(AgentMessage.class, messageId));
  }

  /**
   * The thread's messages after the one at ({@code afterAt}, {@code afterId}) in (time, id) order,
   * or from its start when {@code afterAt} is empty; oldest first, at most {@code limit}. A list,
   * never a result stream: an open cursor would keep Derby's read lock on its row and stall the
   * writer a reader may be waiting for.
   */
  @Transactional(Transactional.TxType.SUPPORTS)
  public List<AgentMessage> threadAfter(
      String agentId, String threadId, Optional<Instant> afterAt, String afterId, int limit) {
    var jpql =
        "SELECT m FROM AgentMessage m WHERE m.agentId = :agentId AND m.threadId = :threadId"
            + (afterAt.isPresent()
                ? " AND (m.createdAt > :at OR (m.createdAt = :at AND m.id > :id))"
                : "")
            + " ORDER BY m.createdAt, m.id";
    var query =
        em.createQuery(jpql, AgentMessage.class)
            .setParameter("agentId", agentId)
            .setParameter("threadId", threadId)
            .setMaxResults(limit);
    afterAt.ifPresent(at -> query.setParameter("at", at).setParameter("id", afterId));
    return query.getResultList();
  }

  /** An observation's time, id and text, as a wake's context reads it. */
  public record ObservationText(Instant createdAt, String id, String content) {}

  /**
   * The agent's observations of this priority since {@code since}, newest first, at most {@code
   * limit}: one read by the log's (agent, kind, priority, time) index.
   */
  @Transactional(Transactional.TxType.SUPPORTS)
  public List<ObservationText> observations(
      String agentId, ObservationPriority priority, Instant since, int limit) {
    return em
        .createQuery(
            "SELECT m.createdAt, m.id, m.content, p.content FROM AgentMessage m"
                + WITH_PAYLOAD
                + " WHERE m.agentId = :agentId AND m.kind = :kind"
                + " AND m.observationPriority = :priority AND m.createdAt >= :since"
                + HAS_TEXT
                + " ORDER BY m.createdAt DESC, m.id DESC",
            Object[].class)
        .setParameter("agentId", agentId)
        .setParameter("kind", AgentMessageKind.OBSERVATION)
        .setParameter("priority", priority)
        .setParameter("since", since)
        .setMaxResults(limit)
        .getResultList()
        .stream()
        .map(row -> new ObservationText((Instant) row[0], (String) row[1], text(row, 2)))
        .toList();
  }

  /** A message's text, when it has one. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Optional<String> content(AgentMessage message) {
    return message
        .getInlineContent()
        .or(
            () ->
                Optional.ofNullable(message.getContentEntryId())
                    .map(id -> em.find(AgentMessagePayload.class, id))
                    .map(AgentMessagePayload::getContent));
  }

  /**
   * Joins a message {@code m} to the payload {@code p} that holds its text when the text is too
   * long for the message's own row; select {@code m.content, p.content} side by side and read them
   * with {@link #text}.
   */
  public static final String WITH_PAYLOAD =
      " LEFT JOIN AgentMessagePayload p ON p.id = m.contentEntryId";

  /** Keeps the messages of a {@link #WITH_PAYLOAD} query that have a text in either place. */
  public static final String HAS_TEXT = " AND (m.content IS NOT NULL OR p.id IS NOT NULL)";

  /** The text of a row whose columns {@code at} and {@code at + 1} are the two places of it. */
  public static String text(Object[] row, int at) {
    return row[at] != null ? (String) row[at] : (String) row[at + 1];
  }

  /** A message to append; the log assigns its id, time and place in the chain. */
  public record NewMessage(
      String threadId,
      AgentMessageKind kind,
      Optional<String> triggerSourceId,
      Optional<String> content,
      int tokensApprox,
      AgentMessageMetadata metadata,
      Optional<ObservationPriority> observationPriority) {
    public NewMessage {
      Objects.requireNonNull(threadId, "threadId");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(triggerSourceId, "triggerSourceId");
      Objects.requireNonNull(content, "content");
      Objects.requireNonNull(metadata, "metadata");
      Objects.requireNonNull(observationPriority, "observationPriority");
    }

    /** A message without an observation priority (an observation's is then {@code routine}). */
    public NewMessage(
        String threadId,
        AgentMessageKind kind,
        Optional<String> triggerSourceId,
        Optional<String> content,
        int tokensApprox,
        AgentMessageMetadata metadata) {
      this(threadId, kind, triggerSourceId, content, tokensApprox, metadata, Optional.empty());
    }
  }

  /**
   * Reads the head messages of {@code states} (the last message each agent appended) in one
   * statement into the caller's persistence context, where {@link #append} then finds each without
   * one: for a batch that appends to many agents' logs at once (the timer clock's), under their
   * state locks.
   */
  public void loadHeads(Collection<AgentState> states) {
    var heads =
        states.stream().map(AgentState::getRecentHeadMessageId).filter(Objects::nonNull).toList();
    if (heads.isEmpty()) {
      return;
    }
    em.createQuery("SELECT m FROM AgentMessage m WHERE m.id IN :ids", AgentMessage.class)
        .setParameter("ids", heads)
        .setFlushMode(FlushModeType.COMMIT)
        .getResultList();
  }

  /**
   * Appends a message to the agent's log (its body, if any, as a payload), chained to the previous
   * head, and announces it. Refused for a destroyed agent.
   */
  @Transactional(Transactional.TxType.REQUIRED)
  public AgentMessage append(String agentId, NewMessage message) {
    agents.get(agentId).requireNotDestroyed("append to its message log");
    return write(agentId, message, true, true);
  }

  /**
   * As {@link #append}, in the caller's transaction, leaving the message and the moved head to the
   * transaction's next flush: a caller that appends several messages in one transaction (a tool
   * call's action and result) then writes the agent's state row once, not once a message.
   */
  @Transactional(Transactional.TxType.MANDATORY)
  public AgentMessage appendUnflushed(String agentId, NewMessage message) {
    agents.get(agentId).requireNotDestroyed("append to its message log");
    return write(agentId, message, true, false);
  }

  /**
   * Records in the agent's operator thread what a principal asked of it over the API. Bookkeeping,
   * not news: unlike {@link #append}, no {@code AGENT_MESSAGE} batch announces it, so an operator's
   * pause or manual wake does not itself wake the agent's listeners; and it is left to the
   * transaction's next flush ({@link #appendUnflushed}), written with the change it records.
   */
  @Transactional(Transactional.TxType.REQUIRED)
  public AgentMessage noteOperatorAction(String agentId, String text, Optional<String> runKey) {
    return write(
        agentId,
        new NewMessage(
            operatorThreadId(agentId),
            AgentMessageKind.SYSTEM,
            runKey,
            Optional.of(text),
            0,
            AgentMessageMetadata.empty()),
        false,
        false);
  }

  /**
   * The thread that records what principals asked of the agent over the API: lifecycle moves and
   * manual wakes, each naming who asked.
   */
  public static String operatorThreadId(String agentId) {
    return agentId + ":operator";
  }

  /**
   * Names the principal who paused, resumed or destroyed the agent in its own log, in the
   * transaction that moved it (the last message of a destroyed agent says who destroyed it). Moves
   * Reveille made itself carry no actor and write nothing here: they say why in their run.
   */
  void onLifecycleChanged(@Observes AgentLifecycleChanged change) {
    change
        .actor()
        .ifPresent(
            actor ->
                noteOperatorAction(
                    change.agentId(),
                    change.from().wire() + " → " + change.to().wire() + ", asked by " + actor,
                    Optional.empty()));
  }

  /**
   * Appends the summary of the span {@code startMessageId..endMessageId} of a thread under {@code
   * id}, which the caller derives from the span: a second writer of the same span fails on the
   * primary key instead of writing it twice. The agent's {@code latestSummaryMessageId} moves to it
   * in the same transaction. Not announced: a summary is bookkeeping, not news.
   */
  @Transactional(Transactional.TxType.REQUIRED)
  public AgentMessage appendSummary(
      String agentId,
      String threadId,
      String id,
      String startMessageId,
      String endMessageId,
      int depth,
      String text) {
    var summary =
        write(
            agentId,
            id,
            new NewMessage(
                threadId,
                AgentMessageKind.SUMMARY,
                Optional.empty(),
                Optional.of(text),
                Math.max(1, text.length() / 4),
                AgentMessageMetadata.empty()),
            false,
            builder -> builder.summarySpan(startMessageId, endMessageId, depth),
            true);
    agents.stateForUpdate(agentId).recordSummary(id, clock.instant());
    return summary;
  }

  /**
   * Holds the agent's head back until {@link #settleHead}, in the caller's transaction, which holds
   * the agent's state lock: the messages appended meanwhile chain to each other as always, but the
   * state row is not moved once a message and written at every flush between them, only once when
   * the head is settled. For a run's step, whose decision and tool calls append several messages
   * around flushes of their own.
   */
  @Transactional(Transactional.TxType.MANDATORY)
  public void holdHead(String agentId) {
    transactions.putResource(HELD_HEAD + agentId, new HeldHead(Optional.empty(), Instant.EPOCH));
  }

  /** Moves the agent's head to the last message appended since {@link #holdHead}, if any. */
  @Transactional(Transactional.TxType.MANDATORY)
  public void settleHead(String agentId) {
    var key = HELD_HEAD + agentId;
    if (transactions.getResource(key) instanceof HeldHead held) {
      transactions.putResource(key, Boolean.FALSE);
      held.messageId().ifPresent(id -> agents.stateForUpdate(agentId).advanceHead(id, held.at()));
    }
  }

  private AgentMessage write(String agentId, NewMessage message, boolean announce, boolean flush) {
    return write(agentId, UUID.randomUUID().toString(), message, announce, builder -> {}, flush);
  }

  private AgentMessage write(
      String agentId,
      String id,
      NewMessage message,
      boolean announce,
      java.util.function.Consumer<AgentMessage.Builder> shape,
      boolean flush) {
    var state = agents.stateForUpdate(agentId);
    var held =
        transactions != null
                && transactions.getTransactionKey() != null
                && transactions.getResource(HELD_HEAD + agentId) instanceof HeldHead h
            ? Optional.of(h)
            : Optional.<HeldHead>empty();
    var previous =
        held.flatMap(HeldHead::messageId)
            .or(() -> Optional.ofNullable(state.getRecentHeadMessageId()))
            .map(head -> em.find(AgentMessage.class, head));
    var createdAt = clock.instant();
    if (previous.isPresent() && !createdAt.isAfter(previous.get().getCreatedAt())) {
      createdAt = previous.get().getCreatedAt().plus(1, ChronoUnit.MICROS);
    }
    var builder =
        AgentMessage.builder(id, agentId, message.threadId(), message.kind(), createdAt)
            .tokensApprox(message.tokensApprox())
            .metadata(message.metadata());
    shape.accept(builder);
    previous.ifPresent(p -> builder.prevMessageId(p.getId()));
    message.triggerSourceId().ifPresent(builder::triggerSourceId);
    message.observationPriority().ifPresent(builder::observationPriority);
    var text = message.content();
    if (text.isPresent() && text.get().length() <= AgentMessage.INLINE_CONTENT_LENGTH) {
      builder.content(text.get());
    } else if (text.isPresent()) {
      var payload =
          new AgentMessagePayload(
              UUID.randomUUID().toString(), agentId, id, "text/plain", text.get(), createdAt);
      em.persist(payload);
      builder.contentEntryId(payload.getId());
    }
    var appended = builder.build();
    em.persist(appended);
    written.fire(new MessageWritten(appended, text));
    if (held.isPresent()) {
      transactions.putResource(HELD_HEAD + agentId, new HeldHead(Optional.of(id), createdAt));
    } else {
      state.advanceHead(id, createdAt);
    }
    if (flush) {
      em.flush();
    }
    if (announce) {
      notifications.messageAppended(
          new AppendedMessage(agentId, id, message.kind().wire(), message.threadId()));
    }
    return appended;
  }

  /**
   * Takes in a message another site appended, as it was written there: its text in the row, or in a
   * payload row named by its {@code contentEntryId}, whose text is {@code payload}. The log reads
   * it as any other. The agent's head does not move (the head is shared state, which merges by its
   * own rules), and it is not announced, so nothing here wakes for it. Does nothing and returns
   * false when the message is here already (a record applied twice).
   *
   * @throws NotFoundException when the agent is not here
   * @throws IllegalArgumentException when a message naming a payload comes without its text
   */
  @Transactional(Transactional.TxType.MANDATORY)
  public boolean takeIn(AgentMessage message, Optional<String> payload) {
    if (em.find(AgentMessage.class, message.getId()) != null) {
      return false;
    }
    agents.get(message.getAgentId());
    var payloadId = Optional.ofNullable(message.getContentEntryId());
    if (payloadId.isPresent() != payload.isPresent()) {
      throw new IllegalArgumentException(
          "message " + message.getId() + ": a payload id and a payload's text go together");
    }
    if (payloadId.isPresent()) {
      em.persist(
          new AgentMessagePayload(
              payloadId.get(),
              message.getAgentId(),
              message.getId(),
              "text/plain",
              payload.get(),
              message.getCreatedAt()));
    }
    em.persist(message);
    em.flush();
    return true;
  }

  /**
   * Writes a new immutable report for {@code scope} and points the scope's head at it, in one
   * transaction: readers see the old report or the new one, never a head without its report. The
   * report is announced under {@code AGENT_REPORT}.
   */
  @Transactional(Transactional.TxType.REQUIRED)
  public AgentReport writeReport(
      String agentId, String scope, String content, Double confidence, JsonObject provenance) {
    agents.get(agentId).requireNotDestroyed("write its report");
    var now = clock.instant();
    var report =
        new AgentReport(
            UUID.randomUUID().toString(), agentId, scope, content, confidence, provenance, now);
    em.persist(report);
    var head =
        em.createNamedQuery("AgentReportHead.findByAgentAndScope", AgentReportHead.class)
            .setParameter("agentId", agentId)
            .setParameter("scope", scope)
            .getResultList();
    if (head.isEmpty()) {
      em.persist(
          new AgentReportHead(UUID.randomUUID().toString(), agentId, scope, report.getId(), now));
    } else {
      head.get(0).pointTo(report.getId(), now);
    }
    em.flush();
    notifications.reportWritten(
        new WrittenReport(agentId, report.getId(), scope, Optional.ofNullable(confidence)));
    return report;
  }

  /** The report the head of {@code scope} points at, if the agent has written one. */
  public Optional<AgentReport> currentReport(String agentId, String scope) {
    agents.get(agentId);
    return em
        .createNamedQuery("AgentReportHead.findByAgentAndScope", AgentReportHead.class)
        .setParameter("agentId", agentId)
        .setParameter("scope", scope)
        .getResultList()
        .stream()
        .findFirst()
        .map(head -> em.find(AgentReport.class, head.getReportId()));
  }
}
