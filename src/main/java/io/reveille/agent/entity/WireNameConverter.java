package io.reveille.agent.entity;

import jakarta.persistence.AttributeConverter;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Stores an enum by its wire name, the same string the API and the JSON documents use.
 *
 * <p>Why not {@code @Enumerated(STRING)}: that stores the Java constant name, so renaming a
 * constant would silently orphan rows, and the database would show names nobody else uses.
 */
abstract class WireNameConverter<E extends Enum<E>> implements AttributeConverter<E, String> {

  private final Class<E> type;
  private final Function<E, String> wire;
  private final Function<String, Optional<E>> fromWire;

  WireNameConverter(
      Class<E> type, Function<E, String> wire, Function<String, Optional<E>> fromWire) {
    this.type = Objects.requireNonNull(type);
    this.wire = Objects.requireNonNull(wire);
    this.fromWire = Objects.requireNonNull(fromWire);
  }

  @Override
  public String convertToDatabaseColumn(E value) {
    return value == null ? null : wire.apply(value);
  }

  @Override
  public E convertToEntityAttribute(String name) {
    if (name == null) {
      return null;
    }
    return fromWire
        .apply(name)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "the database holds "
                        + type.getSimpleName()
                        + " '"
                        + name
                        + "', which this version does not know"));
  }
}
