package io.reveille.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A UTC clock a unit test moves by hand, for the classes that take an injected {@link Clock}. Safe
 * to read from other threads than the one that moves it.
 */
public final class MovableClock extends Clock {

  private volatile Instant now;

  public MovableClock(Instant start) {
    now = start;
  }

  /** Moves the clock on by {@code by}. */
  public void advance(Duration by) {
    now = now.plus(by);
  }

  /** Sets the clock to {@code instant}. */
  public void set(Instant instant) {
    now = instant;
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
