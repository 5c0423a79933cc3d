package io.reveille.agent.entity;

import io.reveille.platform.json.DocumentReader;
import io.reveille.platform.json.DocumentWriter;
import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.persistence.AttributeConverter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What an agent is working towards: its goal, the task in hand, the loops it keeps open and the
 * user's preferences. Part of the agent's durable state, read on every wake.
 *
 * <p>A typed, schema-versioned document (see {@link AgentConfig} for why). Immutable; change it
 * with the withers. Fields written by a newer version are kept and written back.
 */
public final class AgentSlots {

  public static final int SCHEMA_VERSION = 1;
  public static final int MAX_ID_LENGTH = 200;
  public static final int MAX_TEXT_LENGTH = 2_000;
  public static final int MAX_OPEN_LOOPS = 100;
  public static final int MAX_PREFERENCES = 100;

  static final String ROOT = "slots";
  private static final String PRIMARY_GOAL = "primaryGoal";
  private static final String ACTIVE_TASK_ID = "activeTaskId";
  private static final String OPEN_LOOP_IDS = "openLoopIds";
  private static final String PREFERENCE_BY_KEY = "preferenceByKey";

  private static final AgentSlots EMPTY =
      new AgentSlots(
          SCHEMA_VERSION,
          null,
          null,
          List.of(),
          Map.of(),
          JsonValue.EMPTY_JSON_OBJECT,
          JsonValue.EMPTY_JSON_OBJECT);

  private final int schemaVersion;
  private final String primaryGoal;
  private final String activeTaskId;
  private final List<String> openLoopIds;
  private final Map<String, String> preferenceByKey;
  private final JsonObject extension;
  private final JsonObject unknownFields;
  private final String stored;

  private AgentSlots(
      int schemaVersion,
      String primaryGoal,
      String activeTaskId,
      List<String> openLoopIds,
      Map<String, String> preferenceByKey,
      JsonObject extension,
      JsonObject unknownFields) {
    this.schemaVersion = schemaVersion;
    this.primaryGoal = primaryGoal;
    this.activeTaskId = activeTaskId;
    this.openLoopIds = List.copyOf(openLoopIds);
    this.preferenceByKey = Map.copyOf(preferenceByKey);
    this.extension = extension;
    this.unknownFields = unknownFields;
    this.stored = write(DocumentWriter.of(schemaVersion)).buildStored(unknownFields);
  }

  public static AgentSlots empty() {
    return EMPTY;
  }

  /**
   * Reads slots from a request, strictly.
   *
   * @param path where the document sits in the request, e.g. {@code slots}; errors name fields
   *     below it, e.g. {@code slots.openLoopIds[2]}
   * @throws io.reveille.platform.error.InvalidInputException naming the offending field
   */
  public static AgentSlots fromUserJson(JsonObject json, String path) {
    var slots = read(DocumentReader.strict(json, path));
    JsonDocuments.requireStorable(slots.stored, path);
    return slots;
  }

  /** Reads stored slots, keeping fields a newer version wrote. */
  public static AgentSlots fromStored(String json) {
    return read(DocumentReader.stored(json, ROOT));
  }

  private static AgentSlots read(DocumentReader in) {
    var version = in.schemaVersion(SCHEMA_VERSION);
    var goal = in.text(PRIMARY_GOAL, MAX_TEXT_LENGTH).orElse(null);
    var task = in.identifier(ACTIVE_TASK_ID, MAX_ID_LENGTH).orElse(null);
    var loops = in.identifiers(OPEN_LOOP_IDS, MAX_OPEN_LOOPS, MAX_ID_LENGTH);
    var preferences =
        in.textByIdentifier(PREFERENCE_BY_KEY, MAX_PREFERENCES, MAX_ID_LENGTH, MAX_TEXT_LENGTH);
    var extension = in.extension();
    return new AgentSlots(version, goal, task, loops, preferences, extension, in.unknownFields());
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
    return out.add(PRIMARY_GOAL, getPrimaryGoal())
        .add(ACTIVE_TASK_ID, getActiveTaskId())
        .add(OPEN_LOOP_IDS, openLoopIds)
        .add(PREFERENCE_BY_KEY, preferenceByKey)
        .extension(extension);
  }

  /** A copy with another goal; {@code null} clears it. */
  public AgentSlots withPrimaryGoal(String goal) {
    return new AgentSlots(
            schemaVersion,
            goal,
            activeTaskId,
            openLoopIds,
            preferenceByKey,
            extension,
            unknownFields)
        .checked();
  }

  /** A copy working on another task; {@code null} means no task in hand. */
  public AgentSlots withActiveTaskId(String taskId) {
    return new AgentSlots(
            schemaVersion,
            primaryGoal,
            taskId,
            openLoopIds,
            preferenceByKey,
            extension,
            unknownFields)
        .checked();
  }

  /** A copy with these open loops, in this order; duplicates are refused. */
  public AgentSlots withOpenLoopIds(List<String> loopIds) {
    return new AgentSlots(
            schemaVersion,
            primaryGoal,
            activeTaskId,
            loopIds,
            preferenceByKey,
            extension,
            unknownFields)
        .checked();
  }

  /** A copy with one preference set, or removed when {@code value} is {@code null}. */
  public AgentSlots withPreference(String key, String value) {
    Objects.requireNonNull(key, "key");
    var preferences = new LinkedHashMap<>(preferenceByKey);
    if (value == null) {
      preferences.remove(key);
    } else {
      preferences.put(key, value);
    }
    return new AgentSlots(
            schemaVersion,
            primaryGoal,
            activeTaskId,
            openLoopIds,
            preferences,
            extension,
            unknownFields)
        .checked();
  }

  /** A copy with another extension object; its keys must be namespaced. */
  public AgentSlots withExtension(JsonObject newExtension) {
    return new AgentSlots(
            schemaVersion,
            primaryGoal,
            activeTaskId,
            openLoopIds,
            preferenceByKey,
            Objects.requireNonNull(newExtension, "extension"),
            unknownFields)
        .checked();
  }

  /** Applies the user-input rules to a copy made by a wither, so both paths refuse the same. */
  private AgentSlots checked() {
    fromUserJson(toJson(), ROOT);
    JsonDocuments.requireStorable(stored, ROOT);
    return this;
  }

  /** The version of the rules this document was written under; newer if a newer node wrote it. */
  public int getSchemaVersion() {
    return schemaVersion;
  }

  public Optional<String> getPrimaryGoal() {
    return Optional.ofNullable(primaryGoal);
  }

  public Optional<String> getActiveTaskId() {
    return Optional.ofNullable(activeTaskId);
  }

  /** Unmodifiable, in the order given. */
  public List<String> getOpenLoopIds() {
    return openLoopIds;
  }

  /** Unmodifiable. */
  public Map<String, String> getPreferenceByKey() {
    return preferenceByKey;
  }

  /** Free-form data under namespaced keys such as {@code acme.color}. */
  public JsonObject getExtension() {
    return extension;
  }

  @Override
  public boolean equals(Object other) {
    return this == other
        || other instanceof AgentSlots that
            && schemaVersion == that.schemaVersion
            && Objects.equals(primaryGoal, that.primaryGoal)
            && Objects.equals(activeTaskId, that.activeTaskId)
            && openLoopIds.equals(that.openLoopIds)
            && preferenceByKey.equals(that.preferenceByKey)
            && extension.equals(that.extension)
            && unknownFields.equals(that.unknownFields);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        schemaVersion,
        primaryGoal,
        activeTaskId,
        openLoopIds,
        preferenceByKey,
        extension,
        unknownFields);
  }

  @Override
  public String toString() {
    return "AgentSlots" + stored;
  }

  /**
   * Stores the slots as JSON text; a missing value reads as {@link #empty()}. The value is
   * immutable, and marked so: Hibernate keeps what it loaded as its snapshot for dirty checking,
   * instead of a copy made by writing the JSON and reading it back.
   */
  @jakarta.persistence.Converter
  @org.hibernate.annotations.Immutable
  public static class Converter implements AttributeConverter<AgentSlots, String> {

    @Override
    public String convertToDatabaseColumn(AgentSlots slots) {
      return slots == null ? null : slots.toStored();
    }

    @Override
    public AgentSlots convertToEntityAttribute(String json) {
      return json == null ? empty() : fromStored(json);
    }
  }
}
