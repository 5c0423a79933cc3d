package io.reveille.journal.entity;

import io.reveille.platform.wire.WireEnum;

/** What a {@link Rating} rates, by its wire name. */
public enum RatingTarget implements WireEnum {
  TASK("task"),
  TIME_ENTRY("timeEntry"),
  DAY_PLAN("dayPlan");

  private final String wire;

  RatingTarget(String wireName) {
    this.wire = wireName;
  }

  @Override
  public String wire() {
    return wire;
  }
}
