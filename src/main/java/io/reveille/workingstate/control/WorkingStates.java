package io.reveille.workingstate.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.Agent;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.workingstate.entity.AgentWorkingState;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The working state of each agent thread, read and changed through here only.
 *
 * <p>Every change reads the stored state, computes the next one with the immutable {@link
 * WorkingState} (which refuses anything beyond its bounds) and writes it back whole, after taking
 * the agent's state lock — the first lock of every tool call and of a run's completion — so the
 * writers of one agent queue instead of losing each other's changes; the row's {@code @Version} is
 * the last guard. A refused change throws before anything is written and, by itself, does not mark
 * the caller's transaction for rollback, so a caller may catch it and go on.
 *
 * <p>Replay-safe: a tool result is verified in the transaction that records it (a replayed call
 * records nothing), an expectation declared again unchanged is no change, and an end-of-run delta
 * is applied once per run key.
 */
@ApplicationScoped
public class WorkingStates {

  private static final Logger LOG = Logger.getLogger(WorkingStates.class.getName());

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /**
   * The key, in a transaction's resources, of a thread's row read ahead ({@link #agentAndRow}):
   * followed by the agent's id, a line feed and the thread's id.
   */
  private static final String READ_AHEAD = WorkingStates.class.getName() + ".row:";

  /** What a thread's row read ahead is kept as when it has none. */
  private static final Object NO_ROW = new Object();

  @Inject AgentService agents;
  @Inject Clock clock;
  @Resource TransactionSynchronizationRegistry transactions;

  /** A stored state with its version and time of last change. */
  public record Stored(WorkingState state, long version, Instant updatedAt) {}

  /** The thread's state as stored, or empty when nothing was ever written for it. */
  @Transactional(TxType.SUPPORTS)
  public Optional<Stored> stored(String agentId, String threadId) {
    return row(agentId, threadId)
        .map(
            row ->
                new Stored(
                    WorkingStateDocuments.fromJson(row.getDocument()),
                    row.getVersion(),
                    row.getUpdatedAt()));
  }

  /**
   * The version of the thread's stored state, or -1 when nothing was ever written for it: one
   * indexed lookup of a number, for those who ask often whether the state changed.
   */
  @Transactional(TxType.SUPPORTS)
  public long version(String agentId, String threadId) {
    return em
        .createNamedQuery("AgentWorkingState.versionOfThread", Long.class)
        .setParameter("agentId", agentId)
        .setParameter("threadId", threadId)
        .getResultList()
        .stream()
        .findFirst()
        .orElse(-1L);
  }

  /** The thread's state; the empty state when nothing was ever written for it. */
  @Transactional(TxType.SUPPORTS)
  public WorkingState state(String agentId, String threadId) {
    return stored(agentId, threadId).map(Stored::state).orElseGet(WorkingState::empty);
  }

  /**
   * The thread's state as a model reads it in its context ({@link WorkingStateText}), or empty when
   * the thread has none or it holds nothing. An autonomous run's thread ({@code
   * <agentId>:run:<runKey>}) that has none yet reads the state the agent's latest run left in its
   * own thread, so that what one run learnt reaches the next; one statement either way.
   */
  @Transactional(TxType.SUPPORTS)
  public Optional<String> render(String agentId, String threadId) {
    var runs = agentId + RUN_THREAD;
    var row =
        threadId.startsWith(runs) && readAhead(agentId, threadId).isEmpty()
            ? em
                .createNamedQuery("AgentWorkingState.ownOrLatestRun", AgentWorkingState.class)
                .setParameter("agentId", agentId)
                .setParameter("threadId", threadId)
                .setParameter("runs", runs + "%")
                .setMaxResults(1)
                .getResultList()
                .stream()
                .findFirst()
            : row(agentId, threadId);
    return row.map(r -> WorkingStateDocuments.fromJson(r.getDocument()))
        .filter(state -> !state.isEmpty())
        .map(WorkingStateText::render);
  }

  /** What follows an agent's id in the id of one of its autonomous runs' threads. */
  private static final String RUN_THREAD = ":run:";

  /**
   * Declares expectations in the thread's state, pending, in order; one declared again unchanged is
   * no change.
   *
   * @throws InvalidInputException naming the expectation ({@code expectations[1].id}) when one
   *     reuses an id with another declaration or the bound is reached with every one pending;
   *     nothing is declared then
   */
  @Transactional(value = TxType.REQUIRED, dontRollbackOn = InvalidInputException.class)
  public WorkingState declare(String agentId, String threadId, List<Expectation> expectations) {
    return change(
        agentId,
        threadId,
        state -> {
          var next = state;
          for (var i = 0; i < expectations.size(); i++) {
            var expectation = expectations.get(i);
            var where = "expectations[" + i + "]";
            try {
              next = next.expect(expectation);
            } catch (InvalidInputException e) {
              throw new InvalidInputException(
                  e.getViolations().stream()
                      .map(
                          v ->
                              new InvalidInputException.Violation(
                                  where + "." + v.field().replaceFirst("^expectation\\.", ""),
                                  v.message()))
                      .toList());
            }
          }
          return next;
        });
  }

  /**
   * Checks the thread's pending expectations against a tool result, in the caller's transaction
   * (the one recording the result), and makes the entities it touched known. Never throws: a
   * verification that cannot be made is logged and skipped, and the tool call stands.
   */
  @Transactional(value = TxType.REQUIRED, dontRollbackOn = RuntimeException.class)
  public void verify(String agentId, String threadId, ObservedOutcome outcome) {
    try {
      if (threadId.length() > AgentWorkingState.THREAD_ID_LENGTH) {
        return;
      }
      var ordinal = new AtomicInteger();
      change(
          agentId,
          threadId,
          state ->
              state.afterToolResult(
                  outcome,
                  clock.instant(),
                  () -> "d-" + hash(outcome.toolActionId() + "|" + ordinal.incrementAndGet())));
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          e,
          () ->
              "Working state of agent "
                  + agentId
                  + " thread "
                  + threadId
                  + " not verified against "
                  + outcome.toolName()
                  + " (action "
                  + outcome.toolActionId()
                  + ")");
    }
  }

  /**
   * Applies a delta document ({@link WorkingStateDocuments#delta}) all or nothing, once per {@code
   * deltaKey} (a run key): a key already applied changes nothing.
   *
   * @throws InvalidInputException naming every field the schema refuses, or the operation that
   *     cannot apply ({@code itemOps[2]}), or the bound it would pass; the stored state is then
   *     untouched
   */
  @Transactional(value = TxType.REQUIRED, dontRollbackOn = InvalidInputException.class)
  public WorkingState applyDelta(
      String agentId, String threadId, String deltaKey, JsonObject delta) {
    var parsed = WorkingStateDocuments.delta(delta);
    return change(
        agentId,
        threadId,
        state ->
            state.hasSummarised(deltaKey)
                ? state
                : state.apply(parsed, clock.instant()).summarised(deltaKey, clock.instant()));
  }

  /**
   * The agent, with its categories, and the working-state row of its thread {@code threadId}, in
   * one statement: for a caller that holds the agent's state lock (taken first, so both are read as
   * committed before it) and is about to change the thread's state in this transaction, as a
   * mutating tool call does when it verifies its result ({@link #verify}). The row, or that there
   * is none, is kept for the rest of the transaction, in which every change of the thread's state
   * goes through here under that lock: the change reads no more.
   *
   * @throws NotFoundException when the agent does not exist
   */
  @Transactional(TxType.MANDATORY)
  public Agent agentAndRow(String agentId, String threadId) {
    if (threadId.length() > AgentWorkingState.THREAD_ID_LENGTH) {
      return agents.get(agentId);
    }
    var rows =
        em.createQuery(
                "SELECT a, w FROM Agent a LEFT JOIN FETCH a.allowedCategoryIds"
                    + " LEFT JOIN AgentWorkingState w"
                    + " ON w.agentId = a.id AND w.threadId = :threadId"
                    + " WHERE a.id = :agentId",
                Object[].class)
            .setParameter("agentId", agentId)
            .setParameter("threadId", threadId)
            .getResultList();
    if (rows.isEmpty()) {
      throw new NotFoundException("agent", agentId);
    }
    var row = rows.get(0)[1];
    transactions.putResource(readAheadKey(agentId, threadId), row == null ? NO_ROW : row);
    return (Agent) rows.get(0)[0];
  }

  private static String readAheadKey(String agentId, String threadId) {
    return READ_AHEAD + agentId + '\n' + threadId;
  }

  /**
   * The thread's row as read ahead in this transaction ({@link #agentAndRow}), kept up to date by
   * {@link #change}; empty when nothing was read ahead (or the row is no longer managed), and the
   * row must be read.
   */
  private Optional<Optional<AgentWorkingState>> readAhead(String agentId, String threadId) {
    if (transactions == null || transactions.getTransactionStatus() != Status.STATUS_ACTIVE) {
      return Optional.empty();
    }
    var kept = transactions.getResource(readAheadKey(agentId, threadId));
    if (kept == NO_ROW) {
      return Optional.of(Optional.empty());
    }
    if (kept instanceof AgentWorkingState row && em.contains(row)) {
      return Optional.of(Optional.of(row));
    }
    return Optional.empty();
  }

  /** Computes the next state under the agent's lock and writes it when it differs. */
  private WorkingState change(String agentId, String threadId, UnaryOperator<WorkingState> next) {
    agents.stateForUpdate(agentId);
    var row = row(agentId, threadId);
    var current = row.map(r -> WorkingStateDocuments.fromJson(r.getDocument()));
    var changed = next.apply(current.orElseGet(WorkingState::empty));
    if (current.isPresent()
        ? changed.equals(current.get())
        : changed.equals(WorkingState.empty())) {
      return changed;
    }
    var document = WorkingStateDocuments.toJson(changed);
    var now = clock.instant();
    if (row.isPresent()) {
      row.get().rewrite(document, now);
    } else {
      var created =
          new AgentWorkingState(UUID.randomUUID().toString(), agentId, threadId, document, now);
      em.persist(created);
      if (readAhead(agentId, threadId).isPresent()) {
        transactions.putResource(readAheadKey(agentId, threadId), created);
      }
    }
    return changed;
  }

  private Optional<AgentWorkingState> row(String agentId, String threadId) {
    var ahead = readAhead(agentId, threadId);
    if (ahead.isPresent()) {
      return ahead.get();
    }
    // A list, never getResultStream(): the stream scrolls a cursor that findFirst leaves open until
    // the transaction ends (on Derby with a shared lock on its row), and costs more to set up.
    return em
        .createNamedQuery("AgentWorkingState.findByThread", AgentWorkingState.class)
        .setParameter("agentId", agentId)
        .setParameter("threadId", threadId)
        .getResultList()
        .stream()
        .findFirst();
  }

  static String hash(String text) {
    try {
      var digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java runtime", e);
    }
  }
}
