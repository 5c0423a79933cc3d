package io.reveille.memory.entity;

import io.reveille.platform.json.DocumentReader;
import io.reveille.platform.json.DocumentWriter;
import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.persistence.AttributeConverter;
import java.util.Objects;
import java.util.Optional;

/**
 * The structured facts about one message: which action a tool result answers, the idempotency key
 * of the operation, its outcome and error.
 *
 * <p>A typed, schema-versioned document rather than a raw map so that the wake machinery and the
 * API agree on field names and types. Immutable; build it from {@link #empty()} with the withers.
 * Fields written by a newer version are kept and written back.
 */
public final class AgentMessageMetadata {

  public static final int SCHEMA_VERSION = 1;
  public static final int MAX_ID_LENGTH = 200;
  public static final int MAX_ERROR_MESSAGE_LENGTH = 4_000;

  /**
   * The extension that carries an {@code action} message's envelope ({@code actionType}: {@code
   * tool_call}, {@code ask_user}, {@code propose_plan}, {@code lifecycle_transition}; what it acted
   * on), and the one that carries its {@code toolResult}'s.
   */
  public static final String ACTION_ENVELOPE = "reveille.action";

  public static final String RESULT_ENVELOPE = "reveille.toolResult";

  static final String ROOT = "metadata";
  private static final String ACTION_REF_ID = "actionRefId";
  private static final String OPERATION_ID = "operationId";
  private static final String STATUS = "status";
  private static final String ERROR_CODE = "errorCode";
  private static final String ERROR_MESSAGE = "errorMessage";

  private static final AgentMessageMetadata EMPTY =
      new AgentMessageMetadata(
          SCHEMA_VERSION,
          null,
          null,
          null,
          null,
          null,
          JsonValue.EMPTY_JSON_OBJECT,
          JsonValue.EMPTY_JSON_OBJECT);

  private final int schemaVersion;
  private final String actionRefId;
  private final String operationId;
  private final String status;
  private final String errorCode;
  private final String errorMessage;
  private final JsonObject extension;
  private final JsonObject unknownFields;
  private final String stored;

  private AgentMessageMetadata(
      int schemaVersion,
      String actionRefId,
      String operationId,
      String status,
      String errorCode,
      String errorMessage,
      JsonObject extension,
      JsonObject unknownFields) {
    this.schemaVersion = schemaVersion;
    this.actionRefId = actionRefId;
    this.operationId = operationId;
    this.status = status;
    this.errorCode = errorCode;
    this.errorMessage = errorMessage;
    this.extension = extension;
    this.unknownFields = unknownFields;
    this.stored = write(DocumentWriter.of(schemaVersion)).buildStored(unknownFields);
  }

  public static AgentMessageMetadata empty() {
    return EMPTY;
  }

  /**
   * Reads metadata from input, strictly.
   *
   * @param path where the document sits in the input, e.g. {@code metadata}; errors name fields
   *     below it, e.g. {@code metadata.operationId}
   * @throws io.reveille.platform.error.InvalidInputException naming the offending field
   */
  public static AgentMessageMetadata fromUserJson(JsonObject json, String path) {
    var metadata = read(DocumentReader.strict(json, path));
    JsonDocuments.requireStorable(metadata.stored, path);
    return metadata;
  }

  /** Reads stored metadata, keeping fields a newer version wrote. */
  public static AgentMessageMetadata fromStored(String json) {
    return read(DocumentReader.stored(json, ROOT));
  }

  private static AgentMessageMetadata read(DocumentReader in) {
    var version = in.schemaVersion(SCHEMA_VERSION);
    var actionRef = in.identifier(ACTION_REF_ID, MAX_ID_LENGTH).orElse(null);
    var operation = in.identifier(OPERATION_ID, MAX_ID_LENGTH).orElse(null);
    var outcome = in.identifier(STATUS, MAX_ID_LENGTH).orElse(null);
    var code = in.identifier(ERROR_CODE, MAX_ID_LENGTH).orElse(null);
    var message = in.text(ERROR_MESSAGE, MAX_ERROR_MESSAGE_LENGTH).orElse(null);
    var extension = in.extension();
    return new AgentMessageMetadata(
        version, actionRef, operation, outcome, code, message, extension, in.unknownFields());
  }

  /** The stored form: schema version, known fields, extension and any kept unknown fields. */
  public String toStored() {
    return stored;
  }

  /** The API form: what this version knows, acceptable as is to {@link #fromUserJson}. */
  public JsonObject toJson() {
    return write(DocumentWriter.of(SCHEMA_VERSION)).build();
  }

  private DocumentWriter write(DocumentWriter out) {
    return out.add(ACTION_REF_ID, getActionRefId())
        .add(OPERATION_ID, getOperationId())
        .add(STATUS, getStatus())
        .add(ERROR_CODE, getErrorCode())
        .add(ERROR_MESSAGE, getErrorMessage())
        .extension(extension);
  }

  /** A copy answering another action message; {@code null} clears it. */
  public AgentMessageMetadata withActionRefId(String id) {
    return new AgentMessageMetadata(
            schemaVersion,
            id,
            operationId,
            status,
            errorCode,
            errorMessage,
            extension,
            unknownFields)
        .checked();
  }

  /** A copy for another operation (idempotency key); {@code null} clears it. */
  public AgentMessageMetadata withOperationId(String id) {
    return new AgentMessageMetadata(
            schemaVersion,
            actionRefId,
            id,
            status,
            errorCode,
            errorMessage,
            extension,
            unknownFields)
        .checked();
  }

  /** A copy with another outcome, e.g. {@code ok}; {@code null} clears it. */
  public AgentMessageMetadata withStatus(String newStatus) {
    return new AgentMessageMetadata(
            schemaVersion,
            actionRefId,
            operationId,
            newStatus,
            errorCode,
            errorMessage,
            extension,
            unknownFields)
        .checked();
  }

  /** A copy with an error code and its human-readable message; {@code null}s clear them. */
  public AgentMessageMetadata withError(String code, String message) {
    return new AgentMessageMetadata(
            schemaVersion,
            actionRefId,
            operationId,
            status,
            code,
            message,
            extension,
            unknownFields)
        .checked();
  }

  /** A copy with another extension object; its keys must be namespaced. */
  public AgentMessageMetadata withExtension(JsonObject newExtension) {
    return new AgentMessageMetadata(
            schemaVersion,
            actionRefId,
            operationId,
            status,
            errorCode,
            errorMessage,
            Objects.requireNonNull(newExtension, "extension"),
            unknownFields)
        .checked();
  }

  /** Applies the input rules to a copy made by a wither, so both paths refuse the same. */
  private AgentMessageMetadata checked() {
    fromUserJson(toJson(), ROOT);
    JsonDocuments.requireStorable(stored, ROOT);
    return this;
  }

  /** The version of the rules this document was written under; newer if a newer node wrote it. */
  public int getSchemaVersion() {
    return schemaVersion;
  }

  public Optional<String> getActionRefId() {
    return Optional.ofNullable(actionRefId);
  }

  public Optional<String> getOperationId() {
    return Optional.ofNullable(operationId);
  }

  public Optional<String> getStatus() {
    return Optional.ofNullable(status);
  }

  public Optional<String> getErrorCode() {
    return Optional.ofNullable(errorCode);
  }

  public Optional<String> getErrorMessage() {
    return Optional.ofNullable(errorMessage);
  }

  /** Free-form data under namespaced keys such as {@code acme.trace}. */
  public JsonObject getExtension() {
    return extension;
  }

  @Override
  public boolean equals(Object other) {
    return this == other
        || other instanceof AgentMessageMetadata that
            && schemaVersion == that.schemaVersion
            && Objects.equals(actionRefId, that.actionRefId)
            && Objects.equals(operationId, that.operationId)
            && Objects.equals(status, that.status)
            && Objects.equals(errorCode, that.errorCode)
            && Objects.equals(errorMessage, that.errorMessage)
            && extension.equals(that.extension)
            && unknownFields.equals(that.unknownFields);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        schemaVersion,
        actionRefId,
        operationId,
        status,
        errorCode,
        errorMessage,
        extension,
        unknownFields);
  }

  @Override
  public String toString() {
    return "AgentMessageMetadata" + stored;
  }

  /**
   * Stores the metadata as JSON text; a missing value reads as {@link #empty()}. The value is
   * immutable, and marked so: Hibernate keeps what it loaded as its snapshot for dirty checking,
   * instead of a copy made by writing the JSON and reading it back.
   */
  @jakarta.persistence.Converter
  @org.hibernate.annotations.Immutable
  public static class Converter implements AttributeConverter<AgentMessageMetadata, String> {

    @Override
    public String convertToDatabaseColumn(AgentMessageMetadata metadata) {
      return metadata == null ? null : metadata.toStored();
    }

    @Override
    public AgentMessageMetadata convertToEntityAttribute(String json) {
      return json == null ? empty() : fromStored(json);
    }
  }
}
