package io.reveille.tool.control.external;

import io.reveille.agent.control.AgentService;
import io.reveille.tool.control.PreparedCall;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolResult;
import io.reveille.tool.control.ledger.ToolCallLog;
import io.reveille.tool.control.ledger.ToolCallSteps;
import io.reveille.tool.entity.ToolCall;
import io.reveille.tool.entity.ToolCallStatus;
import io.reveille.wake.control.WakeScheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The transactions of an external call, each its own and each short: the HTTP request is sent
 * between them, never inside one. {@link #reserve} (the ledger row, pending, and the action),
 * {@link #begin} or {@link #claim} (running; a compare-and-set on the row's version so that only
 * one execution sends or reconciles), then {@link #succeed}, {@link #fail} or {@link #inDoubt} with
 * the {@code toolResult} message.
 */
@ApplicationScoped
public class ExternalCallSteps {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject ToolCallLog log;
  @Inject Clock clock;
  @Inject WakeScheduler runs;

  /** What {@link #reserve} found the call's ledger row to allow. */
  sealed interface Reservation {}

  /** Succeeded before: its receipt, nothing to send. */
  record Replay(ToolResult result) implements Reservation {}

  /** Not now (cancelled, or another execution is sending it): refused, the row untouched. */
  record Refuse(ToolErrorCode code, String message) implements Reservation {}

  /** In doubt and nothing can find out: the {@code in_doubt} result, recorded. */
  record Parked(ToolResult result) implements Reservation {}

  /**
   * Not sent, or failed: send it under {@code key}, answering {@code actionId}.
   *
   * @param key the {@code Idempotency-Key} the row holds: an earlier attempt's key wins over one
   *     derived now, so every attempt of a call sends the same one
   */
  record Send(String key, String actionId, long version) implements Reservation {}

  /** Left running by an attempt that is gone, or in doubt: reconcile before anything else. */
  record Reconcile(String key, String actionId, long version, Optional<String> correlationId)
      implements Reservation {}

  /**
   * TX1: reserves the call's row (pending, with the key it sends) or reads what an earlier
   * execution left, and logs the action when there is something to do.
   *
   * @param reconcilable whether the tool can find out what became of a lost request (a lookup, or
   *     an idempotent endpoint)
   * @param staleAfter how long a running or pending row may be left alone before it counts as
   *     abandoned
   */
  @Transactional(TxType.REQUIRES_NEW)
  public Reservation reserve(
      PreparedCall call, String externalKey, boolean reconcilable, Duration staleAfter) {
    agents.stateForUpdate(call.agentId());
    var ledgerKey = call.ledgerKey().orElseThrow();
    var now = clock.instant();
    var row = em.find(ToolCall.class, ledgerKey);
    if (row == null) {
      row = ToolCallSteps.newLedgerRow(call, ledgerKey, now);
      row.sendsIdempotencyKey(externalKey);
      em.persist(row);
      // Reserve the key now: a concurrent call with the same operation id fails here.
      em.flush();
      return new Send(externalKey, answer(call, row), row.getVersion());
    }
    ToolCallSteps.requireSameOperation(call, row);
    if (row.getExternalIdempotencyKey() == null && !row.getStatus().isFinal()) {
      // A row recorded before anything was sent (a refusal) or by an older version.
      row.sendsIdempotencyKey(externalKey);
    }
    var key = Optional.ofNullable(row.getExternalIdempotencyKey()).orElse(externalKey);
    var operation = call.operationId().orElseThrow();
    var stale =
        row.getUpdatedAt().isBefore(now.minus(staleAfter)) || leftByEarlierAttempt(call, row);
    switch (row.getStatus()) {
      case SUCCEEDED:
        return new Replay(ToolResult.fromStored(row.getResult()).asReplay());
      case CANCELLED:
        return new Refuse(ToolErrorCode.CONFLICT, "operation " + operation + " was cancelled");
      case FAILED:
        return new Send(key, answer(call, row), row.getVersion());
      case PENDING:
        if (!stale) {
          return inProgress(call, operation);
        }
        return new Send(key, answer(call, row), row.getVersion());
      case RUNNING:
      default:
        if (!stale && !row.isInDoubt()) {
          return inProgress(call, operation);
        }
        var actionId = answer(call, row);
        if (reconcilable) {
          return new Reconcile(
              key, actionId, row.getVersion(), Optional.ofNullable(row.getExternalCorrelationId()));
        }
        if (!row.isInDoubt()) {
          row.markInDoubt(
              now,
              "the attempt that sent this call is gone (its node stopped) and "
                  + call.toolName()
                  + " can neither be asked nor safely sent again: whether it took effect is"
                  + " unknown");
        }
        var result =
            ToolResult.error(
                call.toolName(),
                call.operationId(),
                actionId,
                ToolErrorCode.IN_DOUBT,
                inDoubtMessage(call, row.getErrorMessage()));
        log.result(call, actionId, result);
        return new Parked(result);
    }
  }

  /**
   * Whether the row was last touched before the current attempt of its run began: a run executes in
   * one place at a time (its lease), so the attempt that sent the call is gone — the node died
   * under it — however recently it sent it.
   */
  private boolean leftByEarlierAttempt(PreparedCall call, ToolCall row) {
    if (call.runKey().isEmpty() || !call.runKey().get().equals(row.getRunKey())) {
      return false;
    }
    return runs.run(call.runKey().get())
        .map(run -> run.getStartedAt() != null && row.getUpdatedAt().isBefore(run.getStartedAt()))
        .orElse(false);
  }

  /** TX2: pending or failed or running → running, an attempt counted; empty if taken meanwhile. */
  @Transactional(TxType.REQUIRES_NEW)
  public OptionalLong begin(PreparedCall call, long version) {
    var row = em.find(ToolCall.class, call.ledgerKey().orElseThrow());
    if (row == null || row.getVersion() != version) {
      return OptionalLong.empty();
    }
    if (row.getStatus() == ToolCallStatus.PENDING) {
      row.start(clock.instant());
    } else {
      row.retry(clock.instant());
    }
    em.flush();
    return OptionalLong.of(row.getVersion());
  }

  /** Takes over a running call to reconcile it (no attempt); empty if taken meanwhile. */
  @Transactional(TxType.REQUIRES_NEW)
  public OptionalLong claim(PreparedCall call, long version) {
    var row = em.find(ToolCall.class, call.ledgerKey().orElseThrow());
    if (row == null || row.getVersion() != version || row.getStatus() != ToolCallStatus.RUNNING) {
      return OptionalLong.empty();
    }
    row.reconcile(clock.instant());
    em.flush();
    return OptionalLong.of(row.getVersion());
  }

  /** TX3: succeeded, with the mapped result and the provider's id as the receipt. */
  @Transactional(TxType.REQUIRES_NEW)
  public ToolResult succeed(
      PreparedCall call, String actionId, JsonObject payload, Optional<String> correlationId) {
    agents.stateForUpdate(call.agentId());
    var now = clock.instant();
    var row = em.find(ToolCall.class, call.ledgerKey().orElseThrow());
    if (row.getStatus() == ToolCallStatus.SUCCEEDED) {
      return ToolResult.fromStored(row.getResult()).asReplay();
    }
    if (row.getStatus() == ToolCallStatus.FAILED) {
      // Another execution gave up on it meanwhile, yet this answer says it took effect.
      row.retry(now);
    }
    correlationId.ifPresent(id -> row.recordExternalCorrelationId(id, now));
    var result =
        ToolResult.success(
            call.toolName(), call.operationId(), actionId, ToolOutcome.read(payload), false);
    row.succeed(now, result.toJson());
    log.result(call, actionId, result);
    return result;
  }

  /** TX3: failed with a definite answer (or none sent); a retry under the same key may follow. */
  @Transactional(TxType.REQUIRES_NEW)
  public ToolResult fail(
      PreparedCall call,
      String actionId,
      ToolErrorCode code,
      String message,
      Optional<String> correlationId) {
    agents.stateForUpdate(call.agentId());
    var now = clock.instant();
    var row = em.find(ToolCall.class, call.ledgerKey().orElseThrow());
    if (row.getStatus() == ToolCallStatus.SUCCEEDED) {
      return ToolResult.fromStored(row.getResult()).asReplay();
    }
    if (!row.getStatus().isFinal() && row.getStatus() != ToolCallStatus.FAILED) {
      correlationId.ifPresent(id -> row.recordExternalCorrelationId(id, now));
      row.fail(now, code.wire(), message);
    }
    var result = ToolResult.error(call.toolName(), call.operationId(), actionId, code, message);
    log.result(call, actionId, result);
    return result;
  }

  /** TX3: sent, no answer, nothing could tell: running, marked in doubt; the run must wait. */
  @Transactional(TxType.REQUIRES_NEW)
  public ToolResult inDoubt(PreparedCall call, String actionId, String why) {
    agents.stateForUpdate(call.agentId());
    var row = em.find(ToolCall.class, call.ledgerKey().orElseThrow());
    if (row.getStatus() == ToolCallStatus.SUCCEEDED) {
      return ToolResult.fromStored(row.getResult()).asReplay();
    }
    if (row.getStatus() == ToolCallStatus.RUNNING) {
      row.markInDoubt(clock.instant(), why);
    }
    var result =
        ToolResult.error(
            call.toolName(),
            call.operationId(),
            actionId,
            ToolErrorCode.IN_DOUBT,
            inDoubtMessage(call, why));
    log.result(call, actionId, result);
    return result;
  }

  /** A read-only external call: its action and result, no ledger row. */
  @Transactional(TxType.REQUIRES_NEW)
  public ToolResult recordRead(
      PreparedCall call, Optional<JsonObject> payload, ToolErrorCode code, String message) {
    agents.stateForUpdate(call.agentId());
    var actionId = log.action(call);
    var result =
        payload.isPresent()
            ? ToolResult.success(
                call.toolName(),
                call.operationId(),
                actionId,
                ToolOutcome.read(payload.get()),
                false)
            : ToolResult.error(call.toolName(), call.operationId(), actionId, code, message);
    log.result(call, actionId, result);
    return result;
  }

  private String answer(PreparedCall call, ToolCall row) {
    var actionId = log.action(call);
    row.answers(actionId);
    em.flush();
    return actionId;
  }

  private static Refuse inProgress(PreparedCall call, String operation) {
    return new Refuse(
        ToolErrorCode.CONFLICT,
        "operation " + operation + " of " + call.toolName() + " is in progress; ask again later");
  }

  private static String inDoubtMessage(PreparedCall call, String why) {
    return call.toolName()
        + " was sent but its outcome is unknown ("
        + why
        + "); a person must resolve ledger entry "
        + call.ledgerKey().orElseThrow()
        + " (POST /api/agents/"
        + call.agentId()
        + "/tool-calls/"
        + call.ledgerKey().orElseThrow()
        + "/resolution)";
  }
}
