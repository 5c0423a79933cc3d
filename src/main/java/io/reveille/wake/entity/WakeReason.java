package io.reveille.wake.entity;

import jakarta.persistence.AttributeConverter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Why an agent was woken. Persisted and exchanged by wire name (the API's spelling), because the
 * run key and the prompt both depend on it and a renamed constant must not change either.
 */
public enum WakeReason {
  /** A notification batch matched one of the agent's subscriptions. */
  SUBSCRIPTION("subscription"),
  /** One of the agent's timers fired on time. */
  TIMER("timer"),
  /** One wake standing for timer firings missed while the server was down. */
  TIMER_CATCHUP("timer_catchup"),
  /** An operator asked for a wake (re-analyze). */
  MANUAL("manual"),
  /** A user's turn in an interactive session. */
  USER_INITIATED("userInitiated"),
  /** A run left unfinished by a crash, queued again at start-up. */
  RECOVERY("recovery");

  private static final List<String> WIRE_NAMES =
      Arrays.stream(values()).map(WakeReason::wire).toList();

  private final String wire;

  WakeReason(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  public static Optional<WakeReason> fromWire(String wire) {
    return Arrays.stream(values()).filter(reason -> reason.wire.equals(wire)).findFirst();
  }

  public static List<String> wireNames() {
    return WIRE_NAMES;
  }

  /** Stores the reason by its wire name. */
  public static class Converter implements AttributeConverter<WakeReason, String> {

    @Override
    public String convertToDatabaseColumn(WakeReason reason) {
      return reason == null ? null : reason.wire;
    }

    @Override
    public WakeReason convertToEntityAttribute(String wire) {
      return wire == null
          ? null
          : fromWire(wire)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "Unknown wake reason '" + wire + "' in the database"));
    }
  }
}
