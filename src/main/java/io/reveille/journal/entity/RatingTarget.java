package io.reveille.journal.entity;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** What a {@link Rating} rates, by its wire name. */
public enum RatingTarget {
  TASK("task"),
  TIME_ENTRY("timeEntry"),
  DAY_PLAN("dayPlan");

  private final String wireName;

  RatingTarget(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static Optional<RatingTarget> fromWire(String value) {
    return Arrays.stream(values()).filter(t -> t.wireName.equals(value)).findFirst();
  }

  public static List<String> wireNames() {
    return Arrays.stream(values()).map(RatingTarget::wireName).toList();
  }
}
