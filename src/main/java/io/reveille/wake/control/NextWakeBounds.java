package io.reveille.wake.control;

import io.reveille.agent.entity.AgentKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.microprofile.config.Config;

/**
 * How soon and how late an agent may set its own next wake: at least {@code
 * reveille.wake.next-wake.min-seconds} (60) and at most {@code reveille.wake.next-wake.max-seconds}
 * (30 days) from now, each optionally set apart for an agent kind ({@code
 * reveille.wake.next-wake.<kind>.min-seconds}, e.g. {@code
 * reveille.wake.next-wake.dayPlanner.max-seconds}). Checked when the application starts, with an
 * error naming the key.
 */
@ApplicationScoped
public class NextWakeBounds {

  static final String PREFIX = "reveille.wake.next-wake.";

  /** The longest any bound may be: a year. */
  static final long MAX_SECONDS = 366L * 86_400;

  /** The earliest and the latest next wake, as delays from now. */
  public record Bounds(Duration min, Duration max) {}

  private Map<AgentKind, Bounds> byKind;

  NextWakeBounds() {}

  /** Created at start-up, so that a bad setting stops the deployment with its key. */
  void onStartup(@Observes Startup event) {
    // Touching the bean runs its constructor now rather than at the first use.
  }

  @Inject
  NextWakeBounds(Config config) {
    this(key -> config.getOptionalValue(key, String.class));
  }

  /** Reads the settings through {@code lookup} (key to value, if set). */
  NextWakeBounds(Function<String, Optional<String>> lookup) {
    var min = seconds(lookup, PREFIX + "min-seconds", 60);
    var max = seconds(lookup, PREFIX + "max-seconds", 30L * 86_400);
    var kinds = new EnumMap<AgentKind, Bounds>(AgentKind.class);
    for (var kind : AgentKind.values()) {
      var minKey = PREFIX + kind.wire() + ".min-seconds";
      var maxKey = PREFIX + kind.wire() + ".max-seconds";
      var kindMin = seconds(lookup, minKey, min);
      var kindMax = seconds(lookup, maxKey, max);
      if (kindMin > kindMax) {
        throw new IllegalArgumentException(
            minKey + " (" + kindMin + ") must not be above " + maxKey + " (" + kindMax + ")");
      }
      kinds.put(kind, new Bounds(Duration.ofSeconds(kindMin), Duration.ofSeconds(kindMax)));
    }
    this.byKind = kinds;
  }

  /** The bounds for agents of {@code kind}. */
  public Bounds of(AgentKind kind) {
    return byKind.get(kind);
  }

  private static long seconds(
      Function<String, Optional<String>> lookup, String key, long fallback) {
    var text = lookup.apply(key);
    if (text.isEmpty() || text.get().isBlank()) {
      return fallback;
    }
    long value;
    try {
      value = Long.parseLong(text.get().strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a whole number of seconds: " + text.get());
    }
    if (value < 1 || value > MAX_SECONDS) {
      throw new IllegalArgumentException(
          key + " must be between 1 and " + MAX_SECONDS + " seconds, was " + value);
    }
    return value;
  }
}
