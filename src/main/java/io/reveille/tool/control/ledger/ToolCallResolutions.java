package io.reveille.tool.control.ledger;

import io.reveille.agent.control.AgentService;
import io.reveille.memory.control.MemoryService;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.tool.control.ToolRegistry;
import io.reveille.tool.control.ToolResult;
import io.reveille.tool.entity.ToolCall;
import io.reveille.tool.entity.ToolCallStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * A person's answer to a call in doubt: they checked with the other system whether it took effect.
 * Applied → the call succeeds with the receipt they give (a replay returns it, nothing is sent);
 * not applied → it fails, so that a retry under the same key sends it. Only a call in doubt can be
 * resolved: one still in flight is settled by its own attempt, and a person's answer there would
 * race it. Who resolved it and their note stay on the ledger row and in the agent's log.
 */
@ApplicationScoped
public class ToolCallResolutions {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject ToolRegistry registry;
  @Inject Clock clock;

  /** What the person found. */
  public record Resolution(boolean applied, Optional<JsonObject> result, Optional<String> note) {}

  /**
   * Resolves the call.
   *
   * @param key the ledger key ({@code idempotencyKey} of the ledger) or the {@code Idempotency-Key}
   *     the call sent
   * @throws NotFoundException when the agent has no such call
   * @throws ConflictException when the call is not running or not in doubt
   * @throws InvalidInputException when the receipt does not match the tool's output schema
   */
  @Transactional
  public ToolCall resolve(String agentId, String key, Resolution resolution, String by) {
    agents.get(agentId);
    agents.stateForUpdate(agentId);
    var call = find(agentId, key).orElseThrow(() -> new NotFoundException("tool call", key));
    if (call.getStatus() != ToolCallStatus.RUNNING) {
      throw new ConflictException(
          "tool call "
              + call.getIdempotencyKey()
              + " is "
              + call.getStatus().wire()
              + "; only a call in doubt (running, sent with no answer) can be resolved");
    }
    if (!call.isInDoubt()) {
      throw new ConflictException(
          "tool call "
              + call.getIdempotencyKey()
              + " is running and not in doubt: an attempt is still waiting for its answer and"
              + " will settle it by itself; only a call in doubt (inDoubt true: sent, and its"
              + " answer lost) can be resolved. If that attempt is gone (its node stopped), the"
              + " next execution of the call finds it and marks it in doubt");
    }
    var now = clock.instant();
    if (resolution.applied()) {
      var payload = resolution.result().orElse(JsonValue.EMPTY_JSON_OBJECT);
      var violations =
          registry
              .find(call.getToolName())
              .map(tool -> registry.contract().validateOutput(tool.name(), payload.toString()))
              .orElse(List.of());
      if (!violations.isEmpty()) {
        throw new InvalidInputException(
            "result",
            "does not match the output schema of " + call.getToolName() + ": " + violations);
      }
      var receipt =
          new ToolResult(
              ToolResult.SUCCESS,
              call.getToolName(),
              Optional.ofNullable(call.getOperationId()),
              Optional.ofNullable(call.getActionId())
                  .orElse("resolution:" + call.getIdempotencyKey()),
              List.of(),
              List.of(),
              payload,
              Optional.empty(),
              Optional.empty(),
              false,
              false);
      call.resolveApplied(now, receipt.toJson(), by, resolution.note().orElse(null));
    } else {
      call.resolveNotApplied(now, by, resolution.note().orElse(null));
    }
    memory.noteOperatorAction(
        agentId,
        "Tool call "
            + call.getIdempotencyKey()
            + " ("
            + call.getToolName()
            + ") resolved by "
            + by
            + ": "
            + (resolution.applied() ? "it took effect" : "it did not take effect")
            + resolution.note().map(note -> " — " + note).orElse(""),
        Optional.ofNullable(call.getRunKey()));
    return call;
  }

  private Optional<ToolCall> find(String agentId, String key) {
    var byLedgerKey = Optional.ofNullable(em.find(ToolCall.class, key));
    if (byLedgerKey.isPresent()) {
      return byLedgerKey.filter(call -> call.getAgentId().equals(agentId));
    }
    return em
        .createNamedQuery("ToolCall.findByExternalKey", ToolCall.class)
        .setParameter("agentId", agentId)
        .setParameter("externalKey", key)
        // A list, never getResultStream(): its cursor would stay open until the transaction ends.
        .getResultList()
        .stream()
        .findFirst();
  }
}
