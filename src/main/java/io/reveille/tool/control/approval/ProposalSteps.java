package io.reveille.tool.control.approval;

import io.reveille.agent.control.AgentService;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.tool.control.PreparedCall;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolResult;
import io.reveille.tool.control.external.ExternalToolDeclaration;
import io.reveille.tool.control.external.ExternalToolHandler;
import io.reveille.tool.control.ledger.ToolCallLog;
import io.reveille.tool.control.ledger.ToolCallSteps;
import io.reveille.tool.entity.ProposalStatus;
import io.reveille.tool.entity.ToolCall;
import io.reveille.tool.entity.ToolCallStatus;
import io.reveille.tool.entity.ToolProposal;
import io.reveille.wake.entity.WakeReason;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The transactions of approvals, each its own ({@code REQUIRES_NEW}), like {@link ToolCallSteps}:
 *
 * <ul>
 *   <li>{@link #answer}: what a held call that was made before gets — the ledger's receipt, or its
 *       proposal's state; writes nothing;
 *   <li>{@link #preview}: the call's preview and the journal rows it read, always rolled back;
 *   <li>{@link #propose}: the {@code action} message, the proposal and the {@code toolResult}
 *       saying it awaits approval;
 *   <li>{@link #approve}: the proposal checked against the journal, applied through the ledger
 *       ({@link ToolCallSteps#applyWithin}) and moved to approved — or moved to refused when what
 *       it would change has changed; {@link #refuse} and {@link #reject} move it alone.
 * </ul>
 *
 * Every transaction that writes takes the agent's state row lock first, as every tool call does.
 */
@ApplicationScoped
public class ProposalSteps {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject ToolCallLog log;
  @Inject ToolCallSteps steps;
  @Inject PreviewTargets targets;
  @Inject ToolExecutor executor;
  @Inject Clock clock;
  @Resource TransactionSynchronizationRegistry transactions;

  /** A preview's planned changes (stored form) and the journal rows it read. */
  record Preview(JsonObject plan, JsonObject targetVersions) {}

  /**
   * A decision as committed; {@code refusal} says why a proposal was refused instead of applied.
   */
  record Decision(ToolProposal proposal, Optional<String> refusal) {}

  /**
   * What is known of a held call made before: the answer it gets, or none when it was approved to
   * be sent (an external call), so that it runs as usual and its ledger row decides.
   */
  record Known(Optional<ToolResult> answer) {}

  /**
   * What is known of a held call made before: its receipt when the ledger has one, else what its
   * proposal says; empty when there is neither (the call is new).
   */
  @Transactional(TxType.REQUIRES_NEW)
  public Optional<Known> answer(PreparedCall call) {
    var key = call.ledgerKey().orElseThrow();
    var ledger = em.find(ToolCall.class, key);
    if (ledger != null && ledger.getStatus() == ToolCallStatus.SUCCEEDED) {
      return Optional.of(
          new Known(Optional.of(ToolResult.fromStored(ledger.getResult()).asReplay())));
    }
    return Optional.ofNullable(em.find(ToolProposal.class, key))
        .map(
            proposal ->
                proposal.getStatus() == ProposalStatus.APPROVED && isExternal(call)
                    ? new Known(Optional.empty())
                    : new Known(Optional.of(answerOf(proposal))));
  }

  /** Whether the call is an external tool's, which is sent rather than applied as previewed. */
  static boolean isExternal(PreparedCall call) {
    return call.definition().handler() instanceof ExternalToolHandler;
  }

  /**
   * What an external call's proposal shows instead of a preview (asking the provider would be the
   * call itself): the method, the URL template and the arguments — never a header, which may name a
   * secret. It reads no journal row, so nothing can change under it.
   */
  static Preview externalPreview(PreparedCall call, ExternalToolDeclaration tool) {
    var json = JsonDocuments.provider();
    var request =
        json.createObjectBuilder()
            .add("tool", tool.name())
            .add("method", tool.method())
            .add("url", tool.url())
            .add("arguments", call.arguments());
    var plan =
        json.createObjectBuilder()
            .add(PlannedChanges.PAYLOAD, json.createObjectBuilder().add("external", request))
            .add(PlannedChanges.CHANGED_ENTITY_IDS, json.createArrayBuilder())
            .add(PlannedChanges.CHANGED_TOKENS, json.createArrayBuilder())
            .build();
    return new Preview(plan, JsonValue.EMPTY_JSON_OBJECT);
  }

  /** Runs the call's preview in a transaction that is always rolled back. */
  @Transactional(TxType.REQUIRES_NEW)
  public Preview preview(PreparedCall call) {
    try {
      var outcome = call.definition().handler().handle(previewing(call.invocation()));
      return new Preview(PlannedChanges.of(outcome), targets.read());
    } finally {
      transactions.setRollbackOnly();
    }
  }

  /**
   * Records a held call: its action, the pending proposal and the result that says so. A proposal a
   * concurrent call of the same key wrote first answers instead.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public ToolResult propose(PreparedCall call, ToolErrorCode heldAs, Preview preview) {
    agents.stateForUpdate(call.agentId());
    var key = call.ledgerKey().orElseThrow();
    var existing = em.find(ToolProposal.class, key);
    if (existing != null) {
      return answerOf(existing);
    }
    var actionId = log.action(call);
    var proposal =
        new ToolProposal(
            key,
            new ToolProposal.Call(
                call.agentId(),
                call.runKey().orElseThrow(),
                call.threadId(),
                call.toolName(),
                call.operationId().orElseThrow(),
                call.invocation().wakeReason().wire(),
                call.arguments()),
            heldAs.wire(),
            actionId,
            preview.plan(),
            preview.targetVersions(),
            clock.instant());
    em.persist(proposal);
    var result = answerOf(proposal);
    log.result(call, actionId, result);
    return result;
  }

  /**
   * Approves a pending proposal: applies exactly its previewed plan, or refuses it (committed) when
   * a journal row the preview read has changed since.
   *
   * @throws NotApplied when applying failed or did not do what the preview showed (rolled back)
   * @throws ConflictException when the proposal is decided already
   */
  @Transactional(TxType.REQUIRES_NEW)
  public Decision approve(String proposalId, String by) {
    var proposal = lockedPending(proposalId, "approve");
    var changed = targets.changedSince(proposal.getTargetVersions());
    if (!changed.isEmpty()) {
      var why = "changed since the preview: " + String.join("; ", changed);
      proposal.refuse(by, clock.instant(), why);
      return new Decision(proposal, Optional.of(why));
    }
    var call = executor.prepare(requestOf(proposal));
    if (!call.ledgerKey().equals(Optional.of(proposal.getId()))) {
      throw new IllegalStateException("proposal " + proposal.getId() + " prepared another key");
    }
    ToolResult result;
    try {
      result = steps.applyWithin(call);
    } catch (RuntimeException e) {
      throw new NotApplied(
          "applying it failed: " + ToolExecutor.failureOf(call, e).getMessage(), e);
    }
    var difference = PlannedChanges.difference(proposal.getPreview(), result);
    if (difference.isPresent()) {
      throw new NotApplied("applying it would not do what the preview showed: " + difference.get());
    }
    proposal.approve(by, clock.instant(), result.toJson());
    em.flush();
    return new Decision(proposal, Optional.empty());
  }

  /**
   * Approves a pending proposal of an external call, to be sent once this commits ({@link
   * ToolProposal#approveForSending}); returns the call to send.
   *
   * @throws ConflictException when the proposal is decided already
   */
  @Transactional(TxType.REQUIRES_NEW)
  public ToolExecutor.ToolRequest approveForSending(String proposalId, String by) {
    var proposal = lockedPending(proposalId, "approve");
    proposal.approveForSending(by, clock.instant());
    em.flush();
    return requestOf(proposal);
  }

  /** Records what sending an approved external call came to ({@link ToolProposal#recordSent}). */
  @Transactional(TxType.REQUIRES_NEW)
  public ToolProposal recordSent(String proposalId, ToolResult result) {
    var proposal = locked(proposalId);
    if (proposal.getAppliedResult().isEmpty()) {
      proposal.recordSent(clock.instant(), result.toJson());
      em.flush();
    }
    return proposal;
  }

  /** The proposal, as committed. */
  @Transactional(TxType.REQUIRES_NEW)
  public ToolProposal find(String proposalId) {
    return existing(proposalId);
  }

  private ToolProposal existing(String proposalId) {
    var proposal = em.find(ToolProposal.class, proposalId);
    if (proposal == null) {
      throw new NotFoundException("proposal", proposalId);
    }
    return proposal;
  }

  /** The proposal, read again after its agent's lock (which its deciders and senders take). */
  private ToolProposal locked(String proposalId) {
    var proposal = existing(proposalId);
    agents.stateForUpdate(proposal.getAgentId());
    em.refresh(proposal);
    return proposal;
  }

  /** Refuses a pending proposal (after an approval that could not apply it rolled back). */
  @Transactional(TxType.REQUIRES_NEW)
  public Decision refuse(String proposalId, String by, String why) {
    var proposal = lockedPending(proposalId, "approve");
    proposal.refuse(by, clock.instant(), why);
    return new Decision(proposal, Optional.of(why));
  }

  /** Rejects a pending proposal; the journal is not touched. */
  @Transactional(TxType.REQUIRES_NEW)
  public Decision reject(String proposalId, String by, Optional<String> why) {
    var proposal = lockedPending(proposalId, "reject");
    proposal.reject(by, clock.instant(), why.orElse(null));
    return new Decision(proposal, Optional.empty());
  }

  /**
   * Withdraws a pending proposal of {@code agentId} in the caller's transaction (a tool call of the
   * agent, which holds its lock); empty when the proposal is not the agent's (or does not exist),
   * else the proposal, withdrawn when it was pending and as it is otherwise.
   */
  @Transactional(TxType.MANDATORY)
  public Optional<ToolProposal> withdraw(String agentId, String proposalId, String why) {
    var proposal = Optional.ofNullable(em.find(ToolProposal.class, proposalId));
    if (proposal.isEmpty() || !proposal.get().getAgentId().equals(agentId)) {
      return Optional.empty();
    }
    if (proposal.get().getStatus() == ProposalStatus.PENDING) {
      proposal.get().withdraw("agent:" + agentId, clock.instant(), why);
    }
    return proposal;
  }

  /** The proposal, after its agent's lock, refused unless still pending. */
  private ToolProposal lockedPending(String proposalId, String decision) {
    var found = locked(proposalId);
    if (found.getStatus() != ProposalStatus.PENDING) {
      throw new ConflictException(
          "cannot "
              + decision
              + " proposal "
              + proposalId
              + ": it is "
              + found.getStatus().wire()
              + found.getDecidedBy().map(who -> " (by " + who).orElse(" (")
              + found.getDecidedAt().map(at -> " at " + at + ")").orElse(")")
              + found.getReason().map(why -> ": " + why).orElse(""));
    }
    return found;
  }

  static ToolExecutor.ToolRequest requestOf(ToolProposal proposal) {
    return new ToolExecutor.ToolRequest(
        proposal.getAgentId(),
        proposal.getToolName(),
        Optional.of(proposal.getOperationId()),
        proposal.getArguments(),
        false,
        WireEnum.read(WakeReason.class, proposal.getWakeReason()).orElse(WakeReason.MANUAL),
        Optional.of(proposal.getRunKey()),
        OptionalInt.empty(),
        Optional.of(proposal.getThreadId()));
  }

  /** The invocation as a preview: the same call with {@code previewOnly} set. */
  private static ToolInvocation previewing(ToolInvocation call) {
    return new ToolInvocation(
        call.agentId(),
        call.toolName(),
        call.operationId(),
        call.wakeReason(),
        call.scope(),
        call.arguments(),
        true,
        call.origin(),
        call.threadId());
  }

  /** What a call held by {@code proposal} gets while it stands as it does. */
  static ToolResult answerOf(ToolProposal proposal) {
    var payload =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("proposalId", proposal.getId())
            .add("proposalStatus", proposal.getStatus().wire());
    var operationId = Optional.of(proposal.getOperationId());
    var actionId = proposal.getActionMessageId();
    var tool = proposal.getToolName();
    return switch (proposal.getStatus()) {
      case PENDING -> {
        var code =
            ToolErrorCode.AWAITING_APPROVAL.wire().equals(proposal.getHeldAs())
                ? ToolErrorCode.AWAITING_APPROVAL
                : ToolErrorCode.PROPOSED;
        yield ToolResult.error(
            tool,
            operationId,
            actionId,
            code,
            tool
                + " awaits a person's approval (proposal "
                + proposal.getId()
                + "); "
                + (code == ToolErrorCode.AWAITING_APPROVAL
                    ? "the run waits for the decision"
                    : "the run goes on without its result"),
            payload.add("preview", proposal.getPreview()).build());
      }
      case APPROVED ->
          proposal
              .getAppliedResult()
              .map(result -> ToolResult.fromStored(result).asReplay())
              .orElseGet(
                  () ->
                      ToolResult.error(
                          tool,
                          operationId,
                          actionId,
                          ToolErrorCode.CONFLICT,
                          "proposal "
                              + proposal.getId()
                              + " was approved and its call is being sent; call again for its"
                              + " result",
                          payload.build()));
      case REJECTED, WITHDRAWN ->
          ToolResult.error(
              tool,
              operationId,
              actionId,
              ToolErrorCode.PROPOSAL_REJECTED,
              "proposal "
                  + proposal.getId()
                  + (proposal.getStatus() == ProposalStatus.WITHDRAWN
                      ? " was withdrawn by the agent that made it"
                      : " was rejected")
                  + proposal.getReason().map(why -> ": " + why).orElse("")
                  + "; nothing was changed",
              payload.build());
      case REFUSED ->
          ToolResult.error(
              tool,
              operationId,
              actionId,
              ToolErrorCode.CONFLICT,
              "proposal "
                  + proposal.getId()
                  + " was refused, "
                  + proposal.getReason().orElse("")
                  + "; nothing was changed",
              payload.build());
    };
  }

  /** An approval that could not apply its proposal as previewed; everything is rolled back. */
  static final class NotApplied extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotApplied(String message) {
      super(message);
    }

    NotApplied(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
