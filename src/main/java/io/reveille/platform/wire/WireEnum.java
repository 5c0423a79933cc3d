package io.reveille.platform.wire;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An enum that travels by its wire name: REST bodies and query parameters, JSON documents, JMS
 * attributes, tool arguments and results, and the database column all use {@link #wire()}, never
 * the Java constant name, so renaming a constant changes nothing anyone else sees.
 *
 * <p>Wire names are lowerCamelCase of the meaning. A value whose spelling changed lists its old
 * spellings in {@link #legacy()}; they are still accepted for one release, and each use is reported
 * to {@link LegacySpellings} so that the REST layer can answer with a {@code Deprecation} header.
 * Stored rows and JSON documents written before the change therefore still read.
 */
public interface WireEnum {

  /** The spelling clients, documents and the database see. */
  String wire();

  /** Spellings of this value accepted for one more release; none by default. */
  default Set<String> legacy() {
    return Set.of();
  }

  /**
   * The value spelled {@code text}, by its wire name or, reported to {@link LegacySpellings}, by
   * one of its old spellings; empty for null or an unknown spelling.
   */
  static <E extends Enum<E> & WireEnum> Optional<E> find(Class<E> type, String text) {
    return lookup(type, text, true);
  }

  /**
   * The value spelled {@code text} in stored data (a column, a JSON document written earlier): old
   * spellings are accepted without being reported, as nobody can correct them but the migration.
   */
  static <E extends Enum<E> & WireEnum> Optional<E> read(Class<E> type, String text) {
    return lookup(type, text, false);
  }

  private static <E extends Enum<E> & WireEnum> Optional<E> lookup(
      Class<E> type, String text, boolean report) {
    if (text == null) {
      return Optional.empty();
    }
    var constants = type.getEnumConstants();
    for (var value : constants) {
      if (value.wire().equals(text)) {
        return Optional.of(value);
      }
    }
    for (var value : constants) {
      if (value.legacy().contains(text)) {
        if (report) {
          LegacySpellings.heard(text, value.wire());
        }
        return Optional.of(value);
      }
    }
    return Optional.empty();
  }

  /**
   * The value spelled {@code text}, like {@link #find}.
   *
   * @throws UnknownWireValueException naming the type, the spelling and the allowed values
   */
  static <E extends Enum<E> & WireEnum> E parse(Class<E> type, String text) {
    return find(type, text).orElseThrow(() -> new UnknownWireValueException(type, text));
  }

  /** Every wire name of {@code type}, in declaration order. */
  static <E extends Enum<E> & WireEnum> List<String> values(Class<E> type) {
    return Arrays.stream(type.getEnumConstants()).map(WireEnum::wire).toList();
  }

  /** Every wire name of {@code type}, comma-separated, for messages that list the choices. */
  static <E extends Enum<E> & WireEnum> String names(Class<E> type) {
    return String.join(", ", values(type));
  }
}
