package io.reveille.tool.control;

import io.opentelemetry.api.trace.StatusCode;
import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.AgentView;
import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentState;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.observability.control.Metrics;
import io.reveille.observability.control.Tracing;
import io.reveille.platform.LogText;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.security.control.Role;
import io.reveille.tool.control.approval.ToolApprovals;
import io.reveille.tool.control.external.ExternalCalls;
import io.reveille.tool.control.external.ExternalToolHandler;
import io.reveille.tool.control.ledger.ToolCallSteps;
import io.reveille.tool.control.ledger.ToolLedger;
import io.reveille.tool.control.scope.CategoryScope;
import io.reveille.tool.control.scope.JobConstraints;
import io.reveille.tool.control.scope.TaskSubgraphs;
import io.reveille.tool.entity.ToolCall;
import io.reveille.tool.entity.ToolSideEffect;
import io.reveille.wake.control.RunKeys;
import io.reveille.wake.entity.WakeReason;
import io.reveille.workingstate.control.WorkingStates;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.PersistenceException;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs a tool on behalf of an agent ({@code AgentToolExecutor}, seed 000 §4.1): the one way an
 * agent acts.
 *
 * <p>In order: the tool must be registered and in the contract; the agent's kind must hold every
 * capability it requires; the agent must be awake for a reason the tool allows; the arguments must
 * satisfy the tool's input schema; the constraints of the job the run serves must allow it ({@link
 * JobConstraints}); a mutating call needs an operation id, given or derived inside a run as {@code
 * hash(runKey, actionOrdinal, toolName)}. The checks and the call run in one transaction under the
 * agent's state lock, with the ledger row, the messages and what the caller records with the result
 * ({@link ToolCallSteps#locked}); a replayed operation id returns the stored receipt without
 * running. A call the approval policy holds is not run but proposed ({@link ToolApprovals}). A
 * refusal or a failure is recorded as an action with an error result (and, once the handler ran, a
 * failed ledger row) and returned, never thrown: the caller — a workflow or the REST boundary —
 * always gets a {@link ToolResult}.
 *
 * <p>An external HTTP tool passes the same checks, then runs through {@link ExternalCalls}: its
 * request is sent between short transactions, never inside one, and a call whose outcome is unknown
 * comes back {@link ToolErrorCode#IN_DOUBT}.
 *
 * <p>{@link #execute} is not thread-bound to a caller's transaction: each call runs in transactions
 * of its own, so it must not be called while the caller holds locks the call needs (the agent's
 * state row). A run's step calls {@link #executeWithin} instead, in its own transaction.
 */
@ApplicationScoped
public class ToolExecutor {

  private static final Logger LOG = Logger.getLogger(ToolExecutor.class.getName());

  /**
   * The origin run key of a call made over the API, outside any run: {@code tool-call:<ledger key>}
   * (or a random one for reads), so its journal changes still carry the agent as their origin.
   */
  public static final String API_RUN_KEY_PREFIX = "tool-call:";

  @Inject ToolRegistry registry;
  @Inject Metrics metrics;
  @Inject Tracing tracing;
  @Inject CapabilityProfiles profiles;
  @Inject AgentService agents;
  @Inject ToolCallSteps steps;
  @Inject ToolLedger ledger;
  @Inject ToolApprovals approvals;
  @Inject ExternalCalls externalCalls;
  @Inject WorkingStates workingStates;
  @Inject TaskSubgraphs subgraphs;
  @Inject JobConstraints jobConstraints;

  /**
   * One call.
   *
   * @param operationId the caller's operation id; inside a run it may be left out and is derived
   *     from {@code runKey} and {@code actionOrdinal}
   * @param runKey the wake run making the call, empty for a call over the API
   * @param threadId the thread to log the call in; defaults to the run's thread, or {@code
   *     <agentId>:tools} outside runs
   * @param caller the principal who asked for the call over the API: a call that succeeds (neither
   *     a preview nor a replayed operation id) names them in the agent's operator thread, in the
   *     transaction that records its result, where their request's own record goes too
   * @param causedBy inside a run a person caused, that person's role: a call whose effects go
   *     beyond it is held for an admin's approval
   * @param chosenByModel whether a model asked for the call (inside a run): its external and
   *     high-risk calls are held for a person's approval unless the agent kind's policy opts out
   * @param stepIndex inside a run, the step making the call: its ledger row and trace name it
   */
  public record ToolRequest(
      String agentId,
      String toolName,
      Optional<String> operationId,
      JsonObject arguments,
      boolean previewOnly,
      WakeReason wakeReason,
      Optional<String> runKey,
      OptionalInt actionOrdinal,
      Optional<String> threadId,
      Optional<ToolCaller> caller,
      Optional<Role> causedBy,
      boolean chosenByModel,
      OptionalInt stepIndex) {
    public ToolRequest {
      Objects.requireNonNull(agentId, "agentId");
      Objects.requireNonNull(toolName, "toolName");
      Objects.requireNonNull(operationId, "operationId");
      Objects.requireNonNull(arguments, "arguments");
      Objects.requireNonNull(wakeReason, "wakeReason");
      Objects.requireNonNull(runKey, "runKey");
      Objects.requireNonNull(actionOrdinal, "actionOrdinal");
      Objects.requireNonNull(threadId, "threadId");
      Objects.requireNonNull(caller, "caller");
      Objects.requireNonNull(causedBy, "causedBy");
      Objects.requireNonNull(stepIndex, "stepIndex");
    }

    /** A request made at no step of a run. */
    public ToolRequest(
        String agentId,
        String toolName,
        Optional<String> operationId,
        JsonObject arguments,
        boolean previewOnly,
        WakeReason wakeReason,
        Optional<String> runKey,
        OptionalInt actionOrdinal,
        Optional<String> threadId,
        Optional<ToolCaller> caller,
        Optional<Role> causedBy,
        boolean chosenByModel) {
      this(
          agentId,
          toolName,
          operationId,
          arguments,
          previewOnly,
          wakeReason,
          runKey,
          actionOrdinal,
          threadId,
          caller,
          causedBy,
          chosenByModel,
          OptionalInt.empty());
    }

    /** This request, made by step {@code index} of its run. */
    public ToolRequest atStep(int index) {
      return new ToolRequest(
          agentId,
          toolName,
          operationId,
          arguments,
          previewOnly,
          wakeReason,
          runKey,
          actionOrdinal,
          threadId,
          caller,
          causedBy,
          chosenByModel,
          OptionalInt.of(index));
    }

    /** A call that names no caller: a run's own call, or one Reveille makes for the agent. */
    public ToolRequest(
        String agentId,
        String toolName,
        Optional<String> operationId,
        JsonObject arguments,
        boolean previewOnly,
        WakeReason wakeReason,
        Optional<String> runKey,
        OptionalInt actionOrdinal,
        Optional<String> threadId) {
      this(
          agentId,
          toolName,
          operationId,
          arguments,
          previewOnly,
          wakeReason,
          runKey,
          actionOrdinal,
          threadId,
          Optional.empty(),
          Optional.empty(),
          false);
    }

    /**
     * This request, made inside a run that {@code causedBy} (a person's role) caused, and, when
     * {@code chosenByModel}, a call a model asked for: both decide which calls need an admin's or a
     * person's approval ({@link ToolApprovals}).
     */
    public ToolRequest within(Optional<Role> causedBy, boolean chosenByModel) {
      return new ToolRequest(
          agentId,
          toolName,
          operationId,
          arguments,
          previewOnly,
          wakeReason,
          runKey,
          actionOrdinal,
          threadId,
          caller,
          causedBy,
          chosenByModel,
          stepIndex);
    }

    /** This request, made over the API by {@code principal}. */
    public ToolRequest by(String principal) {
      return by(ToolCaller.named(principal));
    }

    /** This request, made over the API by {@code caller}. */
    public ToolRequest by(ToolCaller caller) {
      return new ToolRequest(
          agentId,
          toolName,
          operationId,
          arguments,
          previewOnly,
          wakeReason,
          runKey,
          actionOrdinal,
          threadId,
          Optional.of(caller),
          causedBy,
          chosenByModel,
          stepIndex);
    }

    /** A call made for the agent by an operator or a test, outside any run ({@code manual}). */
    public static ToolRequest manual(
        String agentId,
        String toolName,
        Optional<String> operationId,
        JsonObject arguments,
        boolean previewOnly) {
      return new ToolRequest(
          agentId,
          toolName,
          operationId,
          arguments,
          previewOnly,
          WakeReason.MANUAL,
          Optional.empty(),
          OptionalInt.empty(),
          Optional.empty());
    }
  }

  /**
   * Runs the call and returns its result, success or error.
   *
   * @throws NotFoundException when the agent does not exist (nothing to record the call in)
   */
  public ToolResult execute(ToolRequest request) {
    return metered(request, false);
  }

  /**
   * Carries out again a call of a run's step that already succeeded (a resumed run rebuilding its
   * conversation): as {@link #execute}, except that a mutating call whose ledger row failed answers
   * with the stored error instead of running again — the run saw that failure and went on from it,
   * so running the call now would add an effect the run never accounted for.
   */
  public ToolResult replay(ToolRequest request) {
    return metered(request, true);
  }

  /**
   * {@link #execute} (or, with {@code replay}, {@link #replay}) in the caller's transaction, which
   * holds the agent's state lock (or takes it here, first): a run's step, whose decision, calls and
   * checkpoint commit together. The checks, then the refusal, the read or the ledgered mutation
   * with its messages, all written in that transaction. Empty when the call must run in
   * transactions of its own — a preview, a call the approval policy holds, an external call — with
   * nothing written: the caller commits what it has and makes the call with {@link #execute}.
   *
   * @throws RuntimeException when the handler (or a write of the call) failed: the caller's
   *     transaction is marked for rollback, and the caller makes the call again with {@link
   *     #execute}, where the failure is recorded in a transaction of its own
   */
  public Optional<ToolResult> executeWithin(ToolRequest request, boolean replay) {
    return metered(
        request,
        () -> {
          var state =
              agents
                  .lockState(request.agentId())
                  .orElseThrow(() -> new NotFoundException("agent", request.agentId()));
          return underLock(request, replay, state, new Attempt(unlookedUp(replay), false));
        });
  }

  private ToolResult metered(ToolRequest request, boolean replay) {
    return metered(request, () -> Optional.of(executeUnmetered(request, replay))).orElseThrow();
  }

  private Optional<ToolResult> metered(
      ToolRequest request, java.util.function.Supplier<Optional<ToolResult>> work) {
    var tool = registry.find(request.toolName()).isPresent() ? request.toolName() : "unknown";
    var span = tracing.start("reveille.tool " + tool);
    span.setAttribute(Tracing.TOOL, tool).setAttribute(Tracing.AGENT_ID, request.agentId());
    request.runKey().ifPresent(runKey -> span.setAttribute(Tracing.RUN_KEY, runKey));
    request
        .stepIndex()
        .ifPresent(index -> span.setAttribute(Tracing.STEP_INDEX, Long.valueOf(index)));
    return Tracing.within(
        span,
        () -> {
          var answered = work.get();
          if (answered.isEmpty()) {
            span.setAttribute(Tracing.OUTCOME, "apart");
            return answered;
          }
          var result = answered.get();
          result
              .operationId()
              .ifPresent(
                  id ->
                      span.setAttribute(
                          Tracing.TOOL_CALL, OperationIds.ledgerKey(request.agentId(), id)));
          var outcome =
              result.replayed()
                  ? "replayed"
                  : result.errorCode().map(code -> code.wire()).orElse("succeeded");
          metrics.toolCall(tool, outcome);
          span.setAttribute(Tracing.OUTCOME, outcome);
          result.errorCode().ifPresent(code -> span.setStatus(StatusCode.ERROR, code.wire()));
          return answered;
        });
  }

  /**
   * The call in one transaction when it can be ({@link ToolCallSteps#locked}): the state lock, the
   * agent read after it, the checks, and the refusal, read or ledgered mutation with its messages
   * and the caller's own record. A preview, a held call and an external call come out of it unrun,
   * having written nothing, and run in the transactions of their own they need. A handler's failure
   * rolls the transaction back; the failure is then recorded in one of its own.
   */
  private ToolResult executeUnmetered(ToolRequest request, boolean replay) {
    // A new call's key is not looked up first: a replayed operation id costs a second attempt,
    // with the lookup.
    var attempt = new Attempt(unlookedUp(replay), true);
    Optional<ToolResult> answered;
    try {
      answered = underLock(request, replay, attempt);
    } catch (RuntimeException e) {
      if (!attempt.running) {
        throw e;
      }
      if (!attempt.unlookedUp || !ToolCallSteps.keyTaken(e)) {
        return failed(attempt.call, e);
      }
      attempt = new Attempt(false, true);
      try {
        answered = underLock(request, replay, attempt);
      } catch (RuntimeException again) {
        if (!attempt.running) {
          throw again;
        }
        return failed(attempt.call, again);
      }
    }
    if (answered.isPresent()) {
      return answered.get();
    }
    var call = attempt.call;
    var held =
        approvals.hold(
            attempt.kind, attempt.ownHeld, call, request.causedBy(), request.chosenByModel());
    if (held.isPresent()) {
      return held.get();
    }
    if (replay && call.ledgerKey().isPresent()) {
      var failed = ledger.failed(call.ledgerKey().get());
      if (failed.isPresent()) {
        return storedFailure(call, failed.get());
      }
    }
    return execute(call);
  }

  /**
   * Whether a new mutation's ledger key goes unlooked-up ({@link ToolCallSteps#applyWithin(
   * PreparedCall, boolean)}): not in a replay, whose key is taken. A taken key fails the flush
   * without an error in the logs ({@link ToolCall}'s insert); in {@link #executeWithin} it fails
   * the caller's step, which goes again write by write through {@link #execute}.
   */
  private static boolean unlookedUp(boolean replay) {
    return !replay;
  }

  /** What the transaction of {@link #executeUnmetered} got to: the call, once prepared. */
  private static final class Attempt {
    private PreparedCall call;
    private AgentKind kind;
    private java.util.List<String> ownHeld = java.util.List.of();

    /** Whether a mutation is applied without looking its ledger key up first. */
    private final boolean unlookedUp;

    /**
     * Whether the transaction is the call's own, its persistence context empty but for the state: a
     * mutation's working-state row is then read with the agent ({@link WorkingStates#agentAndRow}).
     */
    private final boolean ownTransaction;

    /** Whether the handler was called: a failure from then on is the call's, and recorded. */
    private boolean running;

    Attempt(boolean unlookedUp, boolean ownTransaction) {
      this.unlookedUp = unlookedUp;
      this.ownTransaction = ownTransaction;
    }
  }

  /**
   * {@link #underLock} in a transaction of its own, which takes the lock ({@link
   * ToolCallSteps#locked}).
   */
  private Optional<ToolResult> underLock(ToolRequest request, boolean replay, Attempt attempt) {
    return steps.locked(request.agentId(), state -> underLock(request, replay, state, attempt));
  }

  /**
   * Under the agent's state lock: the view, the checks, then the call — or empty when it must run
   * apart (a preview, a held call, an external call), with nothing written.
   */
  private Optional<ToolResult> underLock(
      ToolRequest request, boolean replay, AgentState state, Attempt attempt) {
    // A mutation verifies its result against its thread's working state in this transaction: in
    // a transaction of its own, whose persistence context does not hold the agent yet, the state's
    // row comes with the agent's read.
    var agent =
        attempt.ownTransaction
                && !request.previewOnly()
                && registry.find(request.toolName()).filter(ToolDefinition::isMutating).isPresent()
            ? workingStates.agentAndRow(request.agentId(), threadOf(request))
            : agents.get(request.agentId());
    var call = prepare(new AgentView(agent, state), request);
    attempt.call = call;
    attempt.kind = agent.getKind();
    attempt.ownHeld = agent.getConfig().getApprovalTools();
    agent.requireNotDestroyed("act");
    agents.requireHome(agent, "act");
    var refusal =
        ToolChecks.refusal(
            registry,
            profiles,
            agent,
            registry.find(request.toolName()),
            request,
            call.operationId());
    if (refusal.isEmpty()) {
      refusal = jobConstraints.refusal(call);
    }
    if (refusal.isPresent()) {
      return Optional.of(
          steps.refusalWithin(call, refusal.get().getCode(), refusal.get().getMessage()));
    }
    if (call.invocation().previewOnly()
        || call.definition().handler() instanceof ExternalToolHandler
        || approvals.holds(
            agent.getKind(),
            agent.getConfig().getApprovalTools(),
            call,
            request.causedBy(),
            request.chosenByModel())) {
      return Optional.empty();
    }
    if (replay && call.ledgerKey().isPresent()) {
      var failed = ledger.failed(call.ledgerKey().get());
      if (failed.isPresent()) {
        return Optional.of(storedFailure(call, failed.get()));
      }
    }
    attempt.running = true;
    return Optional.of(
        call.definition().isMutating()
            ? steps.applyWithin(call, attempt.unlookedUp)
            : steps.readWithin(call));
  }

  /** The error a failed ledger row stored, as the call's result; nothing is written. */
  private static ToolResult storedFailure(PreparedCall call, ToolCall row) {
    var code = ToolErrorCode.ofStored(row.getErrorCode());
    return ToolResult.error(
        call.toolName(),
        call.operationId(),
        "",
        code,
        Objects.requireNonNullElse(row.getErrorMessage(), code.wire()));
  }

  /**
   * The call a request makes once checked: its operation id (derived inside a run when not given),
   * ledger key, origin and thread. An approved proposal is applied through the same preparation.
   */
  public PreparedCall prepare(ToolRequest request) {
    return prepare(agents.view(request.agentId()), request);
  }

  private PreparedCall prepare(AgentView view, ToolRequest request) {
    var agent = view.agent();
    var state = view.state();
    var operationId =
        request
            .operationId()
            .or(
                () ->
                    request.runKey().isPresent() && request.actionOrdinal().isPresent()
                        ? Optional.of(
                            OperationIds.derive(
                                request.runKey().get(),
                                request.actionOrdinal().getAsInt(),
                                request.toolName()))
                        : Optional.empty());
    var definition = registry.find(request.toolName());
    var mutating = definition.map(ToolDefinition::isMutating).orElse(true);
    var ledgerKey =
        mutating && !request.previewOnly()
            ? operationId.map(id -> OperationIds.ledgerKey(agent.getId(), id))
            : Optional.<String>empty();
    var runKey =
        request
            .runKey()
            .or(() -> ledgerKey.map(key -> API_RUN_KEY_PREFIX + key))
            .orElseGet(() -> API_RUN_KEY_PREFIX + java.util.UUID.randomUUID());
    var threadId = threadOf(request);
    var invocation =
        new ToolInvocation(
            agent.getId(),
            request.toolName(),
            operationId,
            request.wakeReason(),
            scope(agent, state),
            new ToolArguments(request.arguments(), state.getSlots().getActiveTaskId()),
            request.previewOnly(),
            ChangeOrigin.agent(agent.getId(), runKey),
            threadId);
    return new PreparedCall(
        definition.orElseGet(() -> unknown(request.toolName())),
        invocation,
        request.arguments(),
        OperationIds.argumentsHash(request.arguments()),
        ledgerKey,
        request.runKey(),
        threadId,
        request.caller(),
        request.stepIndex());
  }

  /**
   * The agent's scope: its categories, and for a task agent its task's subgraph within them (its
   * task and the tasks it created).
   */
  private CategoryScope scope(Agent agent, AgentState state) {
    var scope = CategoryScope.of(agent.getAllowedCategoryIds());
    return agent.getKind() == AgentKind.TASK_AGENT
        ? scope.within(subgraphs.of(agent.getId(), state.getSlots().getActiveTaskId()))
        : scope;
  }

  /**
   * The thread a request's call is logged in: the one it names, else its run's, else the agent's
   * {@code <agentId>:tools}.
   */
  private static String threadOf(ToolRequest request) {
    return request
        .threadId()
        .or(() -> request.runKey().map(key -> RunKeys.threadId(request.agentId(), key)))
        .orElse(request.agentId() + ":tools");
  }

  /**
   * Runs a call that passed every check: a preview or an external call in the transactions of their
   * own, a read or a ledgered mutation in one under the agent's state lock.
   */
  ToolResult execute(PreparedCall call) {
    if (call.invocation().previewOnly()) {
      return preview(call);
    }
    if (call.definition().handler() instanceof ExternalToolHandler external) {
      return external(call, external);
    }
    try {
      return steps.locked(
          call.agentId(),
          state ->
              call.definition().isMutating() ? steps.applyWithin(call) : steps.readWithin(call));
    } catch (RuntimeException e) {
      return failed(call, e);
    }
  }

  private ToolResult preview(PreparedCall call) {
    ToolOutcome outcome;
    try {
      outcome = steps.preview(call);
    } catch (RuntimeException e) {
      var failure = failureOf(call, e);
      return steps.recordRefusal(call, failure.getCode(), failure.getMessage());
    }
    return steps.recordPreview(call, outcome);
  }

  /**
   * Records a call whose transaction rolled back: a reused operation id as a refusal, anything else
   * as the call's failure (its ledger row failed, when it has one).
   */
  private ToolResult failed(PreparedCall call, RuntimeException e) {
    if (e instanceof ToolCallSteps.OperationMismatch mismatch) {
      return steps.recordRefusal(call, mismatch.getCode(), mismatch.getMessage());
    }
    var failure = failureOf(call, e);
    return call.ledgerKey().isPresent()
        ? steps.recordFailure(call, failure.getCode(), failure.getMessage())
        : steps.recordRefusal(call, failure.getCode(), failure.getMessage());
  }

  /**
   * An external call. An unexpected failure leaves its ledger row as it is: the request may have
   * been sent, so marking the row failed could let a retry apply it twice; a row left running is
   * reconciled by the next execution once it is stale.
   */
  private ToolResult external(PreparedCall call, ExternalToolHandler handler) {
    try {
      return externalCalls.execute(call, handler.declaration());
    } catch (ToolCallSteps.OperationMismatch e) {
      return steps.recordRefusal(call, e.getCode(), e.getMessage());
    } catch (RuntimeException e) {
      var failure = failureOf(call, e);
      return steps.recordRefusal(call, failure.getCode(), failure.getMessage());
    }
  }

  /** What an exception out of a handler means for the caller. */
  public static ToolFailure failureOf(PreparedCall call, Throwable thrown) {
    for (var cause = thrown; cause != null; cause = cause.getCause()) {
      if (cause instanceof ToolFailure failure) {
        return failure;
      }
      if (cause instanceof InvalidInputException invalid) {
        return ToolFailure.invalid(invalid.getField(), invalid.getMessage());
      }
      if (cause instanceof NotFoundException notFound) {
        return new ToolFailure(ToolErrorCode.NOT_FOUND, notFound.getMessage());
      }
      if (cause instanceof ConflictException || cause instanceof OptimisticLockException) {
        return new ToolFailure(ToolErrorCode.CONFLICT, cause.getMessage());
      }
      if (cause instanceof io.reveille.platform.error.PreconditionFailedException precondition) {
        return new ToolFailure(ToolErrorCode.CONFLICT, precondition.getMessage());
      }
    }
    LOG.log(
        Level.WARNING,
        thrown,
        () ->
            "Tool "
                + LogText.quoted(call.toolName())
                + " failed for agent "
                + LogText.quoted(call.agentId())
                + " (operation "
                + LogText.quoted(call.operationId().orElse("-"))
                + ")");
    var detail = thrown instanceof PersistenceException ? "a database error" : thrown.toString();
    return new ToolFailure(
        ToolErrorCode.INTERNAL_ERROR,
        call.toolName() + " failed: " + detail + "; nothing was changed");
  }

  /** A stand-in definition to record a call of a tool that does not exist. */
  private static ToolDefinition unknown(String name) {
    return new ToolDefinition(
        name,
        java.util.Set.of(io.reveille.tool.entity.Capability.CATEGORY_READ),
        EnumSet.allOf(WakeReason.class),
        ToolSideEffect.READ_ONLY,
        io.reveille.tool.entity.RiskLevel.LOW,
        java.util.Set.of(io.reveille.tool.entity.ScopeRule.READS_FILTERED_BY_SCOPE),
        false,
        call -> {
          throw new IllegalStateException("unknown tool");
        });
  }
}
