package io.reveille.platform.wire;

import jakarta.persistence.AttributeConverter;
import java.util.Objects;

/**
 * Stores a {@link WireEnum} by its wire name. Each enum has a subclass that only names its type
 * (JPA instantiates converters by class, so the type cannot be a constructor argument of the entity
 * mapping).
 *
 * <p>Why not {@code @Enumerated(STRING)}: that stores the Java constant name, so renaming a
 * constant would silently orphan rows, and the database would show names nobody else uses. Rows
 * written with an old spelling still read, as {@link WireEnum#read} accepts it.
 */
public abstract class WireEnumConverter<E extends Enum<E> & WireEnum>
    implements AttributeConverter<E, String> {

  private final Class<E> type;

  protected WireEnumConverter(Class<E> type) {
    this.type = Objects.requireNonNull(type);
  }

  @Override
  public String convertToDatabaseColumn(E value) {
    return value == null ? null : value.wire();
  }

  @Override
  public E convertToEntityAttribute(String name) {
    if (name == null) {
      return null;
    }
    return WireEnum.read(type, name)
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
