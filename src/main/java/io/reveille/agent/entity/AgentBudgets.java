package io.reveille.agent.entity;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.DocumentReader;
import io.reveille.platform.json.DocumentWriter;
import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An agent's own run budgets ({@code config.budgets}): limits that may only tighten the server's (a
 * value above the server's limit has no effect; the lower of the two applies). Each is optional; an
 * absent one leaves the server's limit.
 *
 * <p>The bounds are those of the server's settings (see "Run budgets" in docs/guide.md): the wall
 * clock in seconds up to a day, steps up to 100, tool calls up to 1000, retries (which may be 0)
 * and repeats of one tool error up to 100, model tokens up to 100 million. Beside the run budgets
 * stands the agent's daily model-token quota, every run of a day together ({@code dailyTokens}, up
 * to 10 billion), whose days begin at midnight in {@code dailyTokensZone} (a zone id such as {@code
 * Europe/Berlin}; UTC when absent).
 */
public final class AgentBudgets {

  public static final String MAX_WALL_CLOCK_SECONDS = "maxWallClockSeconds";
  public static final String MAX_STEPS = "maxSteps";
  public static final String MAX_TOOL_CALLS = "maxToolCalls";
  public static final String MAX_TOOL_RETRIES = "maxToolRetries";
  public static final String MAX_SAME_ERROR_REPEATS = "maxSameErrorRepeats";
  public static final String MAX_MODEL_TOKENS = "maxModelTokens";
  public static final String DAILY_TOKENS = "dailyTokens";
  public static final String DAILY_TOKENS_ZONE = "dailyTokensZone";

  /** The longest zone id {@link #DAILY_TOKENS_ZONE} takes. */
  static final int MAX_ZONE_LENGTH = 64;

  private record Bounds(long min, long max) {}

  private static final Map<String, Bounds> BOUNDS = bounds();

  private static final AgentBudgets NONE =
      new AgentBudgets(Map.of(), null, JsonValue.EMPTY_JSON_OBJECT);

  private final Map<String, Long> limits;
  private final ZoneId dailyTokensZone;
  private final JsonObject unknownFields;

  private AgentBudgets(Map<String, Long> limits, ZoneId dailyTokensZone, JsonObject unknownFields) {
    this.limits = Collections.unmodifiableMap(new LinkedHashMap<>(limits));
    this.dailyTokensZone = dailyTokensZone;
    this.unknownFields = unknownFields;
  }

  private static Map<String, Bounds> bounds() {
    var bounds = new LinkedHashMap<String, Bounds>();
    bounds.put(MAX_WALL_CLOCK_SECONDS, new Bounds(1, 86_400));
    bounds.put(MAX_STEPS, new Bounds(1, 100));
    bounds.put(MAX_TOOL_CALLS, new Bounds(1, 1_000));
    bounds.put(MAX_TOOL_RETRIES, new Bounds(0, 100));
    bounds.put(MAX_SAME_ERROR_REPEATS, new Bounds(1, 100));
    bounds.put(MAX_MODEL_TOKENS, new Bounds(1, 100_000_000));
    bounds.put(DAILY_TOKENS, new Bounds(1, 10_000_000_000L));
    return Collections.unmodifiableMap(bounds);
  }

  /** No limits of the agent's own. */
  public static AgentBudgets none() {
    return NONE;
  }

  /** Every limit these budgets know, in document order (the zone is not a limit). */
  public static List<String> fields() {
    return List.copyOf(BOUNDS.keySet());
  }

  /**
   * Budgets with the given limits (by field name).
   *
   * @throws io.reveille.platform.error.InvalidInputException naming {@code config.budgets.<field>}
   *     for an unknown field or a limit out of bounds
   */
  public static AgentBudgets of(Map<String, Long> limits) {
    var json = JsonDocuments.provider().createObjectBuilder();
    limits.forEach(json::add);
    return read(DocumentReader.strict(json.build(), AgentConfig.ROOT + "." + AgentConfig.BUDGETS));
  }

  /**
   * Budgets with the given limits and the zone of the daily quota's days.
   *
   * @throws io.reveille.platform.error.InvalidInputException as {@link #of(Map)}, or naming {@code
   *     config.budgets.dailyTokensZone} for a zone that is not one
   */
  public static AgentBudgets of(Map<String, Long> limits, String dailyTokensZone) {
    var json = JsonDocuments.provider().createObjectBuilder();
    limits.forEach(json::add);
    json.add(DAILY_TOKENS_ZONE, dailyTokensZone);
    return read(DocumentReader.strict(json.build(), AgentConfig.ROOT + "." + AgentConfig.BUDGETS));
  }

  static AgentBudgets read(DocumentReader in) {
    var limits = new LinkedHashMap<String, Long>();
    BOUNDS.forEach(
        (field, bounds) ->
            in.integer(field, bounds.min(), bounds.max()).ifPresent(v -> limits.put(field, v)));
    var zone = in.identifier(DAILY_TOKENS_ZONE, MAX_ZONE_LENGTH).map(AgentBudgets::zone);
    return new AgentBudgets(limits, zone.orElse(null), in.unknownFields());
  }

  private static ZoneId zone(String id) {
    try {
      return ZoneId.of(id);
    } catch (DateTimeException e) {
      throw new InvalidInputException(
          AgentConfig.ROOT + "." + AgentConfig.BUDGETS + "." + DAILY_TOKENS_ZONE,
          "'" + id + "' is not a time zone like Europe/Berlin or UTC");
    }
  }

  /** The zone whose midnight begins the daily quota's days, if the agent names one. */
  public Optional<ZoneId> dailyTokensZone() {
    return Optional.ofNullable(dailyTokensZone);
  }

  /** The agent's limit for {@code field} (one of {@link #fields()}), if it sets one. */
  public OptionalLong limit(String field) {
    if (!BOUNDS.containsKey(field)) {
      throw new IllegalArgumentException("no budget " + field + "; known: " + fields());
    }
    var value = limits.get(field);
    return value == null ? OptionalLong.empty() : OptionalLong.of(value);
  }

  public boolean isEmpty() {
    return limits.isEmpty() && dailyTokensZone == null && unknownFields.isEmpty();
  }

  /** The API form: the limits this version knows. */
  JsonObject toJson() {
    return write().build();
  }

  /** The stored form: the limits plus fields a newer version wrote, kept. */
  JsonObject toStored() {
    var json = JsonDocuments.provider().createObjectBuilder(toJson());
    unknownFields.forEach(
        (name, value) -> {
          if (!limits.containsKey(name)) {
            json.add(name, value);
          }
        });
    return json.build();
  }

  private DocumentWriter write() {
    var out = DocumentWriter.nested();
    for (var field : BOUNDS.keySet()) {
      out.add(field, limit(field));
    }
    out.add(DAILY_TOKENS_ZONE, dailyTokensZone().map(ZoneId::getId));
    return out;
  }

  @Override
  public boolean equals(Object other) {
    return this == other
        || other instanceof AgentBudgets that
            && limits.equals(that.limits)
            && Objects.equals(dailyTokensZone, that.dailyTokensZone)
            && unknownFields.equals(that.unknownFields);
  }

  @Override
  public int hashCode() {
    return Objects.hash(limits, dailyTokensZone, unknownFields);
  }

  @Override
  public String toString() {
    return "AgentBudgets" + toStored();
  }
}
