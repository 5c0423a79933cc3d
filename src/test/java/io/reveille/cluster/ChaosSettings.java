package io.reveille.cluster;

import io.reveille.cluster.ChaosIT.Fault;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * What a chaos run does, read from system properties before the cluster starts, so that a typo
 * fails at once with what was wrong instead of running an hour with a default: {@code
 * reveille.chaos.seed} (a long; random when unset), {@code reveille.chaos.faults-per-kind} (5),
 * {@code reveille.chaos.kinds} (comma-separated, all by default), {@code
 * reveille.chaos.check-every} (5) and {@code reveille.chaos.max-minutes} (60).
 */
record ChaosSettings(
    long seed, int faultsPerKind, List<Fault> kinds, int checkEvery, int maxMinutes) {

  static final String SEED = "reveille.chaos.seed";
  static final String FAULTS_PER_KIND = "reveille.chaos.faults-per-kind";
  static final String KINDS = "reveille.chaos.kinds";
  static final String CHECK_EVERY = "reveille.chaos.check-every";
  static final String MAX_MINUTES = "reveille.chaos.max-minutes";

  ChaosSettings {
    kinds = List.copyOf(kinds);
  }

  static ChaosSettings fromSystemProperties() {
    return from(System::getProperty, new java.util.Random()::nextLong);
  }

  /**
   * The settings {@code properties} gives (null or blank: the default), with a seed from {@code
   * randomSeed} when none is given.
   *
   * @throws IllegalArgumentException naming the property and the value it could not use
   */
  static ChaosSettings from(UnaryOperator<String> properties, LongSupplier randomSeed) {
    var seedValue = value(properties, SEED);
    long seed;
    if (seedValue == null) {
      seed = randomSeed.getAsLong();
    } else {
      try {
        seed = Long.parseLong(seedValue);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            SEED
                + " must be a whole number from "
                + Long.MIN_VALUE
                + " to "
                + Long.MAX_VALUE
                + ", not '"
                + seedValue
                + "'");
      }
    }
    return new ChaosSettings(
        seed,
        positive(properties, FAULTS_PER_KIND, 5),
        kinds(value(properties, KINDS)),
        positive(properties, CHECK_EVERY, 5),
        positive(properties, MAX_MINUTES, 60));
  }

  private static List<Fault> kinds(String value) {
    if (value == null) {
      return List.of(Fault.values());
    }
    var kinds = new ArrayList<Fault>();
    for (var name : value.split(",", -1)) {
      var kind = name.strip().toUpperCase(Locale.ROOT);
      var fault =
          Arrays.stream(Fault.values())
              .filter(f -> f.name().equals(kind))
              .findFirst()
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          KINDS
                              + ": unknown fault kind '"
                              + name.strip()
                              + "' in '"
                              + value
                              + "'; the kinds are "
                              + known()));
      if (kinds.contains(fault)) {
        throw new IllegalArgumentException(KINDS + ": " + fault + " twice in '" + value + "'");
      }
      kinds.add(fault);
    }
    return kinds;
  }

  private static String known() {
    return Arrays.stream(Fault.values()).map(Fault::name).collect(Collectors.joining(","));
  }

  private static int positive(UnaryOperator<String> properties, String name, int fallback) {
    var value = value(properties, name);
    if (value == null) {
      return fallback;
    }
    try {
      var parsed = Integer.parseInt(value);
      if (parsed >= 1) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // Reported below with the value.
    }
    throw new IllegalArgumentException(
        name + " must be a whole number of 1 or more, not '" + value + "'");
  }

  private static String value(UnaryOperator<String> properties, String name) {
    var value = properties.apply(name);
    return value == null || value.isBlank() ? null : value.strip();
  }
}
