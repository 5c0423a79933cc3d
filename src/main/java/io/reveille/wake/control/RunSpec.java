package io.reveille.wake.control;

import io.reveille.platform.Settings;
import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;

/**
 * The budgets one run is held to and what it does when it goes over one, fixed when it first starts
 * and stored with it (as JSON), so that the limits a run ran under stay visible after the settings
 * change and a restarted run keeps them.
 *
 * @param askHumanOnBudget the escalation: a run over a budget waits for a person ({@code waiting},
 *     its code the budget's) instead of failing
 * @param dailyQuota the agent's daily model-token quota, null when it has none; not a budget of the
 *     run but of every run of the agent in a day, checked at the same step boundaries
 */
public record RunSpec(
    Duration maxWallClock,
    int maxSteps,
    int maxToolCalls,
    int maxToolRetries,
    int maxSameErrorRepeats,
    long maxModelTokens,
    boolean askHumanOnBudget,
    DailyTokenQuota dailyQuota) {

  /** The JSON field of the escalation flag. */
  static final String ASK_HUMAN_ON_BUDGET = "askHumanOnBudget";

  /** The JSON fields of the daily quota. */
  static final String DAILY_TOKENS = "dailyTokens";

  static final String DAILY_TOKENS_ZONE = "dailyTokensZone";

  /** Budgets with the escalation {@code askHumanOnBudget} and no daily quota. */
  public RunSpec(
      Duration maxWallClock,
      int maxSteps,
      int maxToolCalls,
      int maxToolRetries,
      int maxSameErrorRepeats,
      long maxModelTokens,
      boolean askHumanOnBudget) {
    this(
        maxWallClock,
        maxSteps,
        maxToolCalls,
        maxToolRetries,
        maxSameErrorRepeats,
        maxModelTokens,
        askHumanOnBudget,
        null);
  }

  /** Budgets that fail the run when exceeded. */
  public RunSpec(
      Duration maxWallClock,
      int maxSteps,
      int maxToolCalls,
      int maxToolRetries,
      int maxSameErrorRepeats,
      long maxModelTokens) {
    this(
        maxWallClock,
        maxSteps,
        maxToolCalls,
        maxToolRetries,
        maxSameErrorRepeats,
        maxModelTokens,
        false,
        null);
  }

  static final long MAX_WALL_CLOCK_SECONDS = 86_400;
  static final long MAX_STEPS = 100;
  static final long MAX_TOOL_CALLS = 1_000;
  static final long MAX_TOOL_RETRIES = 100;
  static final long MAX_SAME_ERROR_REPEATS = 100;
  static final long MAX_MODEL_TOKENS = 100_000_000;

  public RunSpec {
    Objects.requireNonNull(maxWallClock, "maxWallClock");
    Settings.within(
        RunBudget.MAX_WALL_CLOCK.field(), maxWallClock.toSeconds(), 1, MAX_WALL_CLOCK_SECONDS);
    Settings.within(RunBudget.MAX_STEPS.field(), maxSteps, 1, MAX_STEPS);
    Settings.within(RunBudget.MAX_TOOL_CALLS.field(), maxToolCalls, 1, MAX_TOOL_CALLS);
    Settings.within(RunBudget.MAX_TOOL_RETRIES.field(), maxToolRetries, 0, MAX_TOOL_RETRIES);
    Settings.within(
        RunBudget.MAX_SAME_ERROR.field(), maxSameErrorRepeats, 1, MAX_SAME_ERROR_REPEATS);
    Settings.within(RunBudget.MAX_MODEL_TOKENS.field(), maxModelTokens, 1, MAX_MODEL_TOKENS);
  }

  /** The least and greatest value a budget may take, the same for settings and agent overrides. */
  public static long min(RunBudget budget) {
    return budget == RunBudget.MAX_TOOL_RETRIES ? 0 : 1;
  }

  /** See {@link #min}. */
  public static long max(RunBudget budget) {
    return switch (budget) {
      case MAX_WALL_CLOCK -> MAX_WALL_CLOCK_SECONDS;
      case MAX_STEPS -> MAX_STEPS;
      case MAX_TOOL_CALLS -> MAX_TOOL_CALLS;
      case MAX_TOOL_RETRIES -> MAX_TOOL_RETRIES;
      case MAX_SAME_ERROR -> MAX_SAME_ERROR_REPEATS;
      case MAX_MODEL_TOKENS -> MAX_MODEL_TOKENS;
    };
  }

  /** The limit of {@code budget} as a number (the wall clock in seconds). */
  public long limit(RunBudget budget) {
    return switch (budget) {
      case MAX_WALL_CLOCK -> maxWallClock.toSeconds();
      case MAX_STEPS -> maxSteps;
      case MAX_TOOL_CALLS -> maxToolCalls;
      case MAX_TOOL_RETRIES -> maxToolRetries;
      case MAX_SAME_ERROR -> maxSameErrorRepeats;
      case MAX_MODEL_TOKENS -> maxModelTokens;
    };
  }

  /** A spec with {@code budget} set to {@code value} (the wall clock in seconds). */
  public RunSpec with(RunBudget budget, long value) {
    return new RunSpec(
        budget == RunBudget.MAX_WALL_CLOCK ? Duration.ofSeconds(value) : maxWallClock,
        budget == RunBudget.MAX_STEPS ? Math.toIntExact(value) : maxSteps,
        budget == RunBudget.MAX_TOOL_CALLS ? Math.toIntExact(value) : maxToolCalls,
        budget == RunBudget.MAX_TOOL_RETRIES ? Math.toIntExact(value) : maxToolRetries,
        budget == RunBudget.MAX_SAME_ERROR ? Math.toIntExact(value) : maxSameErrorRepeats,
        budget == RunBudget.MAX_MODEL_TOKENS ? value : maxModelTokens,
        askHumanOnBudget,
        dailyQuota);
  }

  /** The same budgets with the escalation set to {@code ask}. */
  public RunSpec askingHumanOnBudget(boolean ask) {
    return new RunSpec(
        maxWallClock,
        maxSteps,
        maxToolCalls,
        maxToolRetries,
        maxSameErrorRepeats,
        maxModelTokens,
        ask,
        dailyQuota);
  }

  /** The same budgets under {@code quota} (null: none). */
  public RunSpec withDailyQuota(DailyTokenQuota quota) {
    return new RunSpec(
        maxWallClock,
        maxSteps,
        maxToolCalls,
        maxToolRetries,
        maxSameErrorRepeats,
        maxModelTokens,
        askHumanOnBudget,
        quota);
  }

  /** The agent's daily quota, if it has one. */
  public Optional<DailyTokenQuota> daily() {
    return Optional.ofNullable(dailyQuota);
  }

  /**
   * The spec as a JSON object of every budget's field, e.g. {@code {"maxSteps":8,...}}, {@code
   * askHumanOnBudget: true} when set (left out when not, as in specs stored before it existed), and
   * the daily quota as {@code dailyTokens} and {@code dailyTokensZone} when there is one.
   */
  public JsonObject toJsonObject() {
    var json = JsonDocuments.provider().createObjectBuilder();
    for (var budget : RunBudget.values()) {
      json.add(budget.field(), limit(budget));
    }
    if (askHumanOnBudget) {
      json.add(ASK_HUMAN_ON_BUDGET, true);
    }
    if (dailyQuota != null) {
      json.add(DAILY_TOKENS, dailyQuota.tokens()).add(DAILY_TOKENS_ZONE, dailyQuota.zone().getId());
    }
    return json.build();
  }

  /** The stored form, see {@link #toJsonObject()}. */
  public String toJson() {
    return toJsonObject().toString();
  }

  /**
   * Reads a stored spec.
   *
   * @throws IllegalStateException when a field is missing, not an integer or out of bounds
   */
  public static RunSpec fromJson(String json) {
    JsonObject object;
    try (var reader =
        JsonDocuments.provider()
            .createReader(new StringReader(Objects.requireNonNull(json, "json")))) {
      object = reader.readObject();
    } catch (RuntimeException e) {
      throw new IllegalStateException("stored run spec is not a JSON object: " + json, e);
    }
    var values = new long[RunBudget.values().length];
    for (var budget : RunBudget.values()) {
      if (!(object.get(budget.field()) instanceof JsonNumber number) || !number.isIntegral()) {
        throw new IllegalStateException(
            "stored run spec lacks an integer " + budget.field() + ": " + json);
      }
      values[budget.ordinal()] = number.longValueExact();
    }
    try {
      return new RunSpec(
          Duration.ofSeconds(values[RunBudget.MAX_WALL_CLOCK.ordinal()]),
          Math.toIntExact(values[RunBudget.MAX_STEPS.ordinal()]),
          Math.toIntExact(values[RunBudget.MAX_TOOL_CALLS.ordinal()]),
          Math.toIntExact(values[RunBudget.MAX_TOOL_RETRIES.ordinal()]),
          Math.toIntExact(values[RunBudget.MAX_SAME_ERROR.ordinal()]),
          values[RunBudget.MAX_MODEL_TOKENS.ordinal()],
          object.getBoolean(ASK_HUMAN_ON_BUDGET, false),
          dailyQuota(object));
    } catch (IllegalArgumentException | ArithmeticException | DateTimeException e) {
      throw new IllegalStateException("stored run spec is out of bounds: " + json, e);
    }
  }

  private static DailyTokenQuota dailyQuota(JsonObject object) {
    if (!(object.get(DAILY_TOKENS) instanceof JsonNumber tokens)) {
      return null;
    }
    return new DailyTokenQuota(
        tokens.longValueExact(), ZoneId.of(object.getString(DAILY_TOKENS_ZONE, "UTC")));
  }
}
