package io.reveille.memory.entity;

import jakarta.persistence.AttributeConverter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How much an observation matters to the agent's later wakes. A wake's context prefers critical and
 * notable observations; routine ones leave it once they are older than the observation retention,
 * critical ones never do. No observation is ever deleted for it. Persisted by its wire name.
 */
public enum ObservationPriority {
  /** Worth remembering for a while (the default). */
  ROUTINE("routine"),
  /** Worth remembering longer: chosen before routine ones when the context is full. */
  NOTABLE("notable"),
  /** Never leaves the context. */
  CRITICAL("critical");

  private static final List<String> WIRE_NAMES =
      Arrays.stream(values()).map(ObservationPriority::wire).toList();

  private final String wire;

  ObservationPriority(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  public static Optional<ObservationPriority> fromWire(String wire) {
    return Arrays.stream(values()).filter(p -> p.wire.equals(wire)).findFirst();
  }

  public static List<String> wireNames() {
    return WIRE_NAMES;
  }

  /** Stores the priority by its wire name. */
  public static class Converter implements AttributeConverter<ObservationPriority, String> {

    @Override
    public String convertToDatabaseColumn(ObservationPriority priority) {
      return priority == null ? null : priority.wire;
    }

    @Override
    public ObservationPriority convertToEntityAttribute(String wire) {
      return wire == null
          ? null
          : fromWire(wire)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "Unknown observation priority '" + wire + "' in the database"));
    }
  }
}
