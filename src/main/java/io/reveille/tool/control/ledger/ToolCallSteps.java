package io.reveille.tool.control.ledger;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentState;
import io.reveille.memory.control.MemoryService;
import io.reveille.platform.error.NotFoundException;
import io.reveille.tool.control.OperationIds;
import io.reveille.tool.control.PreparedCall;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolResult;
import io.reveille.tool.entity.ToolCall;
import io.reveille.tool.entity.ToolCallStatus;
import io.reveille.wake.control.SelfMutations;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.util.function.Function;

/**
 * The transactions of a tool call, and the steps that run inside them:
 *
 * <ul>
 *   <li>{@link #locked}: the one transaction of a call that needs no other — the agent's state
 *       lock, then whatever the executor does under it: the view read and the checks, then the
 *       refusal ({@link #refusalWithin}), the read ({@link #readWithin}) or the ledgered mutation
 *       ({@link #applyWithin}): the ledger row, the {@code action} message, the handler's changes
 *       (and the notification batches they publish), the receipt, the {@code toolResult} message,
 *       the {@code tool_effect} links and the self-mutation record; a replay returns the stored
 *       receipt and writes nothing. An approval applies a proposal's call in its own transaction
 *       the same way;
 *   <li>{@link #recordFailure}: after the call's transaction rolled back, the ledger row in {@code
 *       failed} and the action with its error result, in a transaction of its own ({@code
 *       REQUIRES_NEW}): the rolled-back one took the handler's half-made changes with it, and the
 *       failure must be recorded all the same;
 *   <li>{@link #preview}: a preview whose transaction is always rolled back, so that even a faulty
 *       handler cannot write during a preview, then {@link #recordPreview}.
 * </ul>
 */
@ApplicationScoped
public class ToolCallSteps {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject ToolCallLog log;
  @Inject SelfMutations selfMutations;
  @Inject Clock clock;
  @Resource TransactionSynchronizationRegistry transactions;

  /**
   * Takes the agent's state lock, the transaction's first, and runs {@code work} under it, all in
   * one transaction: the executor's view read, checks and call. The lock serialises the agent's
   * calls (and its wake bookkeeping), so a second call with the same operation id waits here and
   * then finds the first one's ledger row. The messages the call appends move the agent's head
   * once, when {@code work} is done ({@link MemoryService#holdHead}). An exception out of {@code
   * work} rolls everything back.
   *
   * @throws NotFoundException when the agent does not exist (it has no state row)
   */
  @Transactional(TxType.REQUIRES_NEW)
  public <T> T locked(String agentId, Function<AgentState, T> work) {
    var state =
        agents.lockState(agentId).orElseThrow(() -> new NotFoundException("agent", agentId));
    // The call's messages (its action, its result, an operator's note) move the head once.
    memory.holdHead(agentId);
    var done = work.apply(state);
    memory.settleHead(agentId);
    return done;
  }

  /**
   * A ledgered mutation in the caller's transaction: the checks' ({@link #locked}), or an
   * approval's, which applies a proposal's call together with the proposal's move, so that both
   * commit or neither does.
   */
  @Transactional(TxType.MANDATORY)
  public ToolResult applyWithin(PreparedCall call) {
    return applyWithin(call, false);
  }

  /**
   * {@link #applyWithin(PreparedCall)}; with {@code unlookedUp}, without looking the call's key up
   * first: the row is written as new, and should the key be taken after all (a replayed operation
   * id) the flush fails and the whole transaction rolls back ({@link #keyTaken}), for the caller to
   * make the call again with the lookup. That failure costs no error in the logs: {@link
   * ToolCall}'s insert skips a taken key, and its count of none fails the flush.
   */
  @Transactional(TxType.MANDATORY)
  public ToolResult applyWithin(PreparedCall call, boolean unlookedUp) {
    serialize(call);
    var key = call.ledgerKey().orElseThrow();
    var now = clock.instant();
    var ledger = unlookedUp ? null : em.find(ToolCall.class, key);
    var fresh = ledger == null;
    if (fresh) {
      // Persisted once the handler has run, already succeeded: one INSERT, neither flushed early
      // by the handler's own flushes nor updated after. A concurrent call with the same operation
      // id cannot run its handler meanwhile, since it waits for the state lock taken above; and
      // should one get past it, or the key not have been looked up, the key's primary key
      // refuses the second row and its whole transaction rolls back.
      ledger = newLedgerRow(call, key, now);
    } else {
      requireSameOperation(call, ledger);
      if (ledger.getStatus() == ToolCallStatus.SUCCEEDED) {
        return ToolResult.fromStored(ledger.getResult()).asReplay();
      }
      if (ledger.getStatus() == ToolCallStatus.CANCELLED) {
        throw new ToolFailure(
            ToolErrorCode.CONFLICT,
            "operation " + call.operationId().orElseThrow() + " was cancelled");
      }
      ledger.retry(now);
    }
    var actionId = log.action(call);
    var outcome = call.definition().handler().handle(call.invocation());
    var result = ToolResult.success(call.toolName(), call.operationId(), actionId, outcome, false);
    ledger.succeed(clock.instant(), result.toJson());
    if (fresh) {
      em.persist(ledger);
    }
    log.result(call, actionId, result);
    if (!outcome.changedEntityIds().isEmpty()) {
      selfMutations.record(
          call.agentId(),
          call.invocation().origin().runKey().orElseThrow(),
          outcome.changedEntityIds());
    }
    em.flush();
    return result;
  }

  /**
   * Whether {@code failure}, out of a call's transaction, may be its key found taken when the call
   * was applied without looking it up ({@link #applyWithin(PreparedCall, boolean)}): an optimistic
   * lock failure ({@link ToolCall}'s insert that found the key taken, or a row changed under the
   * call) or a unique violation (SQL state 23505). Either way nothing of the transaction was kept,
   * so the call may be made again with the lookup.
   */
  public static boolean keyTaken(Throwable failure) {
    for (var cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof jakarta.persistence.OptimisticLockException
          || cause instanceof org.hibernate.StaleStateException
          || cause instanceof java.sql.SQLException sql && "23505".equals(sql.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  /** Records a call whose transaction rolled back: ledger row failed, action and error result. */
  @Transactional(TxType.REQUIRES_NEW)
  public ToolResult recordFailure(PreparedCall call, ToolErrorCode code, String message) {
    serialize(call);
    var now = clock.instant();
    if (call.ledgerKey().isPresent()) {
      var key = call.ledgerKey().get();
      var ledger = em.find(ToolCall.class, key);
      if (ledger == null) {
        ledger = newLedgerRow(call, key, clock.instant());
        em.persist(ledger);
      } else if (ledger.getStatus() == ToolCallStatus.SUCCEEDED) {
        // A concurrent call with the same operation id won the race: its receipt is the answer.
        return ToolResult.fromStored(ledger.getResult()).asReplay();
      } else if (ledger.getStatus() == ToolCallStatus.FAILED) {
        ledger.retry(now);
      }
      if (!ledger.getStatus().isFinal()) {
        ledger.fail(now, code.wire(), message);
      }
    }
    return refusal(call, code, message);
  }

  /**
   * Records a call refused before it could run (unknown tool, capability, wake reason, invalid
   * arguments, operation id reused): the action and its error result, no ledger row.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public ToolResult recordRefusal(PreparedCall call, ToolErrorCode code, String message) {
    serialize(call);
    return refusal(call, code, message);
  }

  private ToolResult refusal(PreparedCall call, ToolErrorCode code, String message) {
    var actionId = log.action(call);
    var result = ToolResult.error(call.toolName(), call.operationId(), actionId, code, message);
    log.result(call, actionId, result);
    return result;
  }

  /**
   * {@link #recordRefusal} in the caller's transaction ({@link #locked}): a call refused by the
   * checks made under the state lock, before anything ran.
   */
  @Transactional(TxType.MANDATORY)
  public ToolResult refusalWithin(PreparedCall call, ToolErrorCode code, String message) {
    serialize(call);
    return refusal(call, code, message);
  }

  /** A read-only call: the handler and both messages, in the caller's transaction. */
  @Transactional(TxType.MANDATORY)
  public ToolResult readWithin(PreparedCall call) {
    serialize(call);
    var actionId = log.action(call);
    var outcome = call.definition().handler().handle(call.invocation());
    var result = ToolResult.success(call.toolName(), call.operationId(), actionId, outcome, false);
    log.result(call, actionId, result);
    return result;
  }

  /** Runs a preview in a transaction that is always rolled back; returns the planned changes. */
  @Transactional(TxType.REQUIRES_NEW)
  public ToolOutcome preview(PreparedCall call) {
    try {
      return call.definition().handler().handle(call.invocation());
    } finally {
      transactions.setRollbackOnly();
    }
  }

  /** Records a preview: the action and a result marked as a preview, no ledger row, no links. */
  @Transactional(TxType.REQUIRES_NEW)
  public ToolResult recordPreview(PreparedCall call, ToolOutcome outcome) {
    serialize(call);
    var actionId = log.action(call);
    var result = ToolResult.success(call.toolName(), call.operationId(), actionId, outcome, true);
    log.result(call, actionId, result);
    return result;
  }

  /**
   * Takes the agent's state row lock first: an agent's calls (and its wake bookkeeping) queue
   * behind each other instead of failing on the state's {@code @Version} when both append to the
   * message log. Always the first lock of the transaction, as in the wake scheduler and runner;
   * within {@link #locked} the lock and the agent are held already, and this reads nothing.
   */
  private void serialize(PreparedCall call) {
    agents.stateForUpdate(call.agentId());
  }

  public static ToolCall newLedgerRow(PreparedCall call, String key, java.time.Instant now) {
    var row =
        new ToolCall(
            key,
            call.agentId(),
            call.runKey().orElse(null),
            call.toolName(),
            call.operationId().orElseThrow(),
            call.definition().sideEffect(),
            call.arguments(),
            now);
    call.stepIndex().ifPresent(row::madeAtStep);
    return row;
  }

  public static void requireSameOperation(PreparedCall call, ToolCall ledger) {
    if (!ledger.getToolName().equals(call.toolName())
        || !OperationIds.argumentsHash(ledger.getArguments()).equals(call.argumentsHash())) {
      throw new OperationMismatch(
          "operation "
              + call.operationId().orElseThrow()
              + " was used for "
              + ledger.getToolName()
              + " with other arguments; use a new operationId for a new call");
    }
  }

  /** An operation id reused for another call: refused without touching the ledger row. */
  public static final class OperationMismatch extends ToolFailure {
    private static final long serialVersionUID = 1L;

    OperationMismatch(String message) {
      super(ToolErrorCode.OPERATION_MISMATCH, message);
    }
  }
}
