package io.reveille.wake.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * The door a run came in through: who or what asked for it. Finer than the wake reason where one
 * reason has two doors — a manual run an operator asked for over the API or one Reveille made
 * itself, a scheduled run the agent set or one that ends a pause Reveille imposed. Persisted by
 * wire name.
 */
public enum RunEntrypoint implements WireEnum {
  /** A notification batch (over JMS, over HTTP, or from the journal's outbox). */
  NOTIFICATION("notification"),
  /** One of the agent's timers. */
  TIMER("timer"),
  /** An operator over the API: a manual wake or a job. */
  API("api"),
  /** A person's turn in an interactive session. */
  SESSION("session"),
  /** The agent itself: the next wake it set. */
  AGENT("agent"),
  /** Reveille itself: a task agent's first wake, the end of a quota's pause. */
  SYSTEM("system");

  private final String wire;

  RunEntrypoint(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }

  /** The door a run of {@code reason} comes in through unless its maker says otherwise. */
  public static RunEntrypoint of(WakeReason reason) {
    return switch (reason) {
      case SUBSCRIPTION -> NOTIFICATION;
      case TIMER, TIMER_CATCHUP -> TIMER;
      case USER_INITIATED -> SESSION;
      case SCHEDULED -> AGENT;
      case MANUAL, RECOVERY -> SYSTEM;
    };
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<RunEntrypoint> {
    public Converter() {
      super(RunEntrypoint.class);
    }
  }
}
