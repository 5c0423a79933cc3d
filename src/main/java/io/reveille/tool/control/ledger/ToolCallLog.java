package io.reveille.tool.control.ledger;

import io.reveille.agent.entity.AgentLink;
import io.reveille.agent.entity.AgentLinkType;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.PreparedCall;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolResult;
import io.reveille.workingstate.control.ObservedOutcome;
import io.reveille.workingstate.control.WorkingStates;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * Writes a tool call into the agent's message log, in the caller's transaction: an {@code action}
 * message (seed 000 §4.3.1: {@code actionType}, {@code toolName}, {@code operationId}, {@code
 * argumentsHash}, {@code scopeSnapshot}) and a {@code toolResult} message answering it ({@code
 * actionRefId}, {@code status}, changed ids and tokens, error), with a {@code tool_effect} link
 * from the result to every changed entity; and, for a successful call of a tool that changes data
 * (a read reports no changed entities to compare), the check of the thread's pending expectations
 * against its result ({@link WorkingStates#verify}), which never fails the call. A call made for a
 * principal over the API that succeeded adds a note naming them to the agent's operator thread with
 * its result, whichever step writes it (an applied or read call, an external call's answer); the
 * note, and what the caller's request records with the result ({@link
 * io.reveille.tool.control.ToolCaller#withResult}), commit or roll back with the result.
 */
@ApplicationScoped
@Transactional(TxType.MANDATORY)
public class ToolCallLog {

  static final String ACTION_EXTENSION = AgentMessageMetadata.ACTION_ENVELOPE;
  static final String RESULT_EXTENSION = AgentMessageMetadata.RESULT_ENVELOPE;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject MemoryService memory;
  @Inject WorkingStates workingStates;
  @Inject Clock clock;

  /** Appends the action message; returns its id (the result's {@code toolActionId}). */
  public String action(PreparedCall call) {
    var envelope =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("actionType", actionType(call.toolName()))
            .add("toolName", call.toolName())
            .add("argumentsHash", call.argumentsHash())
            .add(
                "scopeSnapshot",
                JsonDocuments.provider().createArrayBuilder(call.invocation().scope().allowed()))
            .add("wakeReason", call.invocation().wakeReason().wire())
            .add("previewOnly", call.invocation().previewOnly());
    call.runKey().ifPresent(key -> envelope.add("runKey", key));
    var metadata =
        AgentMessageMetadata.empty()
            .withExtension(
                JsonDocuments.provider()
                    .createObjectBuilder()
                    .add(ACTION_EXTENSION, envelope)
                    .build());
    if (call.operationId().isPresent()) {
      metadata = metadata.withOperationId(call.operationId().get());
    }
    var arguments = call.arguments().toString();
    return memory
        .appendUnflushed(
            call.agentId(),
            new NewMessage(
                call.threadId(),
                AgentMessageKind.ACTION,
                call.runKey(),
                Optional.of(arguments),
                approxTokens(arguments),
                metadata))
        .getId();
  }

  /**
   * The envelope's {@code actionType}: {@code ask_user} and {@code propose_plan} for a question or
   * plan put to a person, {@code tool_call} for any other tool.
   */
  static String actionType(String toolName) {
    return switch (toolName) {
      case "ask_user", "propose_plan" -> toolName;
      default -> "tool_call";
    };
  }

  /**
   * The envelope's {@code status}: the result's ({@code success}, {@code error}), or {@code
   * partial} for a question asked whose answer is still to come ({@code awaiting_answer}).
   */
  static String status(ToolResult result) {
    return result.errorCode().filter(code -> code == ToolErrorCode.AWAITING_ANSWER).isPresent()
        ? "partial"
        : result.status();
  }

  /** Appends the result message answering {@code actionId} and links it to what changed. */
  public void result(PreparedCall call, String actionId, ToolResult result) {
    var envelope =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("toolName", call.toolName())
            .add(
                "changedEntityIds",
                JsonDocuments.provider().createArrayBuilder(result.changedEntityIds()))
            .add(
                "changedTokens",
                JsonDocuments.provider().createArrayBuilder(result.changedTokens()))
            .add("preview", result.preview());
    var metadata =
        AgentMessageMetadata.empty()
            .withActionRefId(actionId)
            .withStatus(status(result))
            .withExtension(
                JsonDocuments.provider()
                    .createObjectBuilder()
                    .add(RESULT_EXTENSION, envelope)
                    .build());
    if (call.operationId().isPresent()) {
      metadata = metadata.withOperationId(call.operationId().get());
    }
    if (result.errorCode().isPresent()) {
      metadata =
          metadata.withError(result.errorCode().get().wire(), result.errorMessage().orElse(""));
    }
    var content = result.payload().toString();
    var message =
        memory.appendUnflushed(
            call.agentId(),
            new NewMessage(
                call.threadId(),
                AgentMessageKind.TOOL_RESULT,
                call.runKey(),
                Optional.of(content),
                approxTokens(content),
                metadata));
    if (result.isSuccess() && !result.preview() && call.definition().isMutating()) {
      workingStates.verify(
          call.agentId(),
          call.threadId(),
          ObservedOutcome.of(
              actionId, call.toolName(), result.changedEntityIds(), result.changedTokens()));
    }
    if (!result.preview()) {
      var now = clock.instant();
      for (var entityId : result.changedEntityIds()) {
        if (entityId.length() <= AgentLink.MAX_ID_LENGTH) {
          em.persist(
              new AgentLink(
                  UUID.randomUUID().toString(),
                  message.getId(),
                  entityId,
                  AgentLinkType.TOOL_EFFECT,
                  now));
        }
      }
    }
    if (result.isSuccess() && !result.preview() && call.caller().isPresent()) {
      memory.noteOperatorAction(call.agentId(), callerNote(call), Optional.empty());
    }
    call.caller().ifPresent(caller -> caller.withResult().accept(result));
  }

  /**
   * The note naming who made the agent act over the API, in the agent's operator thread (the action
   * and result are in the call's thread, attributed to the agent).
   */
  static String callerNote(PreparedCall call) {
    return "Tool "
        + call.toolName()
        + call.operationId().map(id -> " (operation " + id + ")").orElse("")
        + " run on behalf of the agent by "
        + call.caller().orElseThrow().name();
  }

  /** The payload of a refusal that carries no data. */
  static JsonObject empty() {
    return JsonDocuments.provider().createObjectBuilder().build();
  }

  private static int approxTokens(String text) {
    return Math.max(1, text.length() / 4);
  }
}
