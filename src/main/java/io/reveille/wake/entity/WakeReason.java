package io.reveille.wake.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;
import java.util.Set;

/**
 * Why an agent was woken. Persisted and exchanged by wire name (the API's spelling), because the
 * run key and the prompt both depend on it and a renamed constant must not change either.
 */
public enum WakeReason implements WireEnum {
  /** A notification batch matched one of the agent's subscriptions. */
  SUBSCRIPTION("subscription"),
  /** One of the agent's timers fired on time. */
  TIMER("timer"),
  /** One wake standing for timer firings missed while the server was down. */
  TIMER_CATCHUP("timerCatchup", "timer_catchup"),
  /** An operator asked for a wake (re-analyze). */
  MANUAL("manual"),
  /** A user's turn in an interactive session. */
  USER_INITIATED("userInitiated"),
  /** A run left unfinished by a crash, queued again at start-up. */
  RECOVERY("recovery"),
  /** The next wake the agent set itself ({@code set_next_wake}). */
  SCHEDULED("scheduled");

  private final String wire;
  private final Set<String> legacy;

  WakeReason(String wire, String... legacy) {
    this.wire = wire;
    this.legacy = Set.of(legacy);
  }

  @Override
  public String wire() {
    return wire;
  }

  /** The snake_case spelling of releases before the one wire convention. */
  @Override
  public Set<String> legacy() {
    return legacy;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<WakeReason> {
    public Converter() {
      super(WakeReason.class);
    }
  }
}
