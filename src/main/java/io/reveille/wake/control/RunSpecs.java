package io.reveille.wake.control;

import io.reveille.agent.entity.AgentBudgets;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.platform.Settings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.microprofile.config.Config;

/**
 * The budgets a new run is held to: the server's limits (README: {@code reveille.run.budgets.*}),
 * each optionally set apart for an agent kind ({@code reveille.run.budgets.<kind>.<name>}, e.g.
 * {@code reveille.run.budgets.dayPlanner.max-steps}), then the agent's own {@code config.budgets}.
 *
 * <p>Whether a run over a budget waits for a person instead of failing is {@code
 * reveille.run.escalation.ask-human-on-budget} (default false), set apart per kind as {@code
 * reveille.run.escalation.<kind>.ask-human-on-budget}.
 *
 * <p>An agent's daily model-token quota is {@code reveille.run.budgets.daily-tokens} (none by
 * default), set apart per kind as {@code reveille.run.budgets.<kind>.daily-tokens}, then the
 * agent's own {@code config.budgets.dailyTokens} in its {@code config.budgets.dailyTokensZone} (UTC
 * when it names none).
 *
 * <p>An agent's budgets may only lower a limit: a value above the server's has no effect, so an
 * agent (whose config its owner writes) cannot grant itself more than the operator allows; where
 * the server sets no daily quota, the agent's own is its quota. Every setting is checked when the
 * application starts, with an error naming its key.
 */
@ApplicationScoped
public class RunSpecs {

  static final String PREFIX = "reveille.run.budgets.";

  /** The escalation settings: {@code reveille.run.escalation[.<kind>].ask-human-on-budget}. */
  static final String ESCALATION = "reveille.run.escalation.";

  static final String ASK_HUMAN = "ask-human-on-budget";

  /** The last part of the daily quota's settings. */
  static final String DAILY_TOKENS = "daily-tokens";

  private Map<AgentKind, RunSpec> byKind;

  RunSpecs() {}

  @Inject
  RunSpecs(Config config) {
    this(key -> config.getOptionalValue(key, String.class));
  }

  /** Reads the settings through {@code lookup} (key to value, if set). */
  RunSpecs(Function<String, Optional<String>> lookup) {
    var maxTurns = number(lookup, "reveille.inference.max-turns").orElse(8L);
    var defaults = new EnumMap<RunBudget, Long>(RunBudget.class);
    defaults.put(RunBudget.MAX_WALL_CLOCK, 600L);
    defaults.put(RunBudget.MAX_STEPS, maxTurns);
    defaults.put(RunBudget.MAX_TOOL_CALLS, 50L);
    defaults.put(RunBudget.MAX_TOOL_RETRIES, 2L);
    defaults.put(RunBudget.MAX_SAME_ERROR, 3L);
    defaults.put(RunBudget.MAX_MODEL_TOKENS, 200_000L);
    var server = new EnumMap<RunBudget, Long>(RunBudget.class);
    for (var budget : RunBudget.values()) {
      var key = PREFIX + budget.setting();
      server.put(budget, checked(key, number(lookup, key).orElse(defaults.get(budget)), budget));
    }
    var daily = dailyTokens(lookup, PREFIX + DAILY_TOKENS);
    byKind = new EnumMap<>(AgentKind.class);
    for (var kind : AgentKind.values()) {
      var spec = spec(server);
      var kindDaily =
          dailyTokens(lookup, PREFIX + kind.wire() + "." + DAILY_TOKENS).or(() -> daily);
      if (kindDaily.isPresent()) {
        spec = spec.withDailyQuota(DailyTokenQuota.utc(kindDaily.get()));
      }
      for (var budget : RunBudget.values()) {
        var key = PREFIX + kind.wire() + "." + budget.setting();
        var value = number(lookup, key);
        if (value.isPresent()) {
          spec = spec.with(budget, checked(key, value.get(), budget));
        }
      }
      var escalation = ESCALATION + kind.wire() + "." + ASK_HUMAN;
      spec =
          spec.askingHumanOnBudget(
              Settings.optionalFlag(lookup, escalation)
                  .orElse(Settings.optionalFlag(lookup, ESCALATION + ASK_HUMAN).orElse(false)));
      byKind.put(kind, spec);
    }
  }

  /** The server's budgets for a run of an agent of {@code kind}, before the agent's own. */
  public RunSpec forKind(AgentKind kind) {
    return byKind.get(kind);
  }

  /**
   * The budgets for a new run of an agent of {@code kind} with {@code config}: the server's for the
   * kind, each lowered to the agent's own limit where that is lower.
   */
  public RunSpec forAgent(AgentKind kind, AgentConfig config) {
    var spec = forKind(kind);
    var own = config.getBudgets();
    for (var budget : RunBudget.values()) {
      var limit = own.limit(budget.field());
      if (limit.isPresent() && limit.getAsLong() < spec.limit(budget)) {
        spec = spec.with(budget, limit.getAsLong());
      }
    }
    var ownDaily = own.limit(AgentBudgets.DAILY_TOKENS);
    var tokens = spec.daily().map(DailyTokenQuota::tokens);
    if (ownDaily.isPresent() && (tokens.isEmpty() || ownDaily.getAsLong() < tokens.get())) {
      tokens = Optional.of(ownDaily.getAsLong());
    }
    if (tokens.isPresent()) {
      spec =
          spec.withDailyQuota(
              new DailyTokenQuota(tokens.get(), own.dailyTokensZone().orElse(DailyTokenQuota.UTC)));
    }
    return spec;
  }

  private static Optional<Long> dailyTokens(Function<String, Optional<String>> lookup, String key) {
    return number(lookup, key)
        .map(value -> Settings.within(key, value, 1, DailyTokenQuota.MAX_TOKENS));
  }

  private static RunSpec spec(Map<RunBudget, Long> values) {
    return new RunSpec(
        Duration.ofSeconds(values.get(RunBudget.MAX_WALL_CLOCK)),
        Math.toIntExact(values.get(RunBudget.MAX_STEPS)),
        Math.toIntExact(values.get(RunBudget.MAX_TOOL_CALLS)),
        Math.toIntExact(values.get(RunBudget.MAX_TOOL_RETRIES)),
        Math.toIntExact(values.get(RunBudget.MAX_SAME_ERROR)),
        values.get(RunBudget.MAX_MODEL_TOKENS));
  }

  private static long checked(String key, long value, RunBudget budget) {
    return Settings.within(key, value, RunSpec.min(budget), RunSpec.max(budget));
  }

  private static Optional<Long> number(Function<String, Optional<String>> lookup, String key) {
    var text = lookup.apply(key).map(String::strip).filter(value -> !value.isEmpty());
    if (text.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Long.parseLong(text.get()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a whole number, was '" + text.get() + "'");
    }
  }
}
