package io.reveille.tool.control;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The receipt of a tool call ({@code AgentToolResult} of seed 000 §4.1.2): what the caller gets,
 * and what the ledger stores so that a replay returns it unchanged.
 *
 * @param toolActionId the id of the {@code action} message that recorded the call
 * @param replayed whether this receipt was stored by an earlier call with the same operation id
 * @param preview whether these are the planned changes of a {@code previewOnly} call (nothing
 *     written)
 */
public record ToolResult(
    String status,
    String toolName,
    Optional<String> operationId,
    String toolActionId,
    List<String> changedEntityIds,
    List<String> changedTokens,
    JsonObject payload,
    Optional<ToolErrorCode> errorCode,
    Optional<String> errorMessage,
    boolean replayed,
    boolean preview) {

  public static final String SUCCESS = "success";
  public static final String ERROR = "error";

  public ToolResult {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(toolName, "toolName");
    Objects.requireNonNull(operationId, "operationId");
    Objects.requireNonNull(toolActionId, "toolActionId");
    changedEntityIds = List.copyOf(changedEntityIds);
    changedTokens = List.copyOf(changedTokens);
    Objects.requireNonNull(payload, "payload");
    Objects.requireNonNull(errorCode, "errorCode");
    Objects.requireNonNull(errorMessage, "errorMessage");
  }

  public static ToolResult success(
      String toolName,
      Optional<String> operationId,
      String actionId,
      ToolOutcome outcome,
      boolean preview) {
    return new ToolResult(
        SUCCESS,
        toolName,
        operationId,
        actionId,
        outcome.changedEntityIds(),
        outcome.changedTokens(),
        outcome.payload(),
        Optional.empty(),
        Optional.empty(),
        false,
        preview);
  }

  public static ToolResult error(
      String toolName,
      Optional<String> operationId,
      String actionId,
      ToolErrorCode code,
      String message) {
    return new ToolResult(
        ERROR,
        toolName,
        operationId,
        actionId,
        List.of(),
        List.of(),
        JsonValue.EMPTY_JSON_OBJECT,
        Optional.of(code),
        Optional.of(message),
        false,
        false);
  }

  /** An error that carries data for the caller (a held call's proposal and its preview). */
  public static ToolResult error(
      String toolName,
      Optional<String> operationId,
      String actionId,
      ToolErrorCode code,
      String message,
      JsonObject payload) {
    var error = error(toolName, operationId, actionId, code, message);
    return new ToolResult(
        ERROR,
        toolName,
        operationId,
        actionId,
        List.of(),
        List.of(),
        payload,
        error.errorCode(),
        error.errorMessage(),
        false,
        false);
  }

  public boolean isSuccess() {
    return SUCCESS.equals(status);
  }

  /** This receipt as returned by a replay. */
  public ToolResult asReplay() {
    return new ToolResult(
        status,
        toolName,
        operationId,
        toolActionId,
        changedEntityIds,
        changedTokens,
        payload,
        errorCode,
        errorMessage,
        true,
        preview);
  }

  public JsonObject toJson() {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("status", status)
            .add("toolName", toolName)
            .add("toolActionId", toolActionId)
            .add("changedEntityIds", JsonDocuments.provider().createArrayBuilder(changedEntityIds))
            .add("changedTokens", JsonDocuments.provider().createArrayBuilder(changedTokens))
            .add("payload", payload)
            .add("replayed", replayed)
            .add("preview", preview);
    operationId.ifPresent(id -> json.add("operationId", id));
    errorCode.ifPresent(code -> json.add("errorCode", code.wire()));
    errorMessage.ifPresent(message -> json.add("errorMessage", message));
    return json.build();
  }

  /** Reads a receipt the ledger stored. */
  public static ToolResult fromStored(JsonObject json) {
    return new ToolResult(
        json.getString("status"),
        json.getString("toolName"),
        Optional.ofNullable(json.getString("operationId", null)),
        json.getString("toolActionId"),
        json.getJsonArray("changedEntityIds").getValuesAs(JsonString::getString),
        json.getJsonArray("changedTokens").getValuesAs(JsonString::getString),
        json.getJsonObject("payload"),
        Optional.ofNullable(json.getString("errorCode", null)).map(ToolErrorCode::ofStored),
        Optional.ofNullable(json.getString("errorMessage", null)),
        json.getBoolean("replayed", false),
        json.getBoolean("preview", false));
  }
}
