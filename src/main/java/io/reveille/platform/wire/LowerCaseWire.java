package io.reveille.platform.wire;

import java.util.Locale;

/**
 * A wire enum of one-word values, whose wire name is its constant's name in lower case ({@code
 * ADMIN} is {@code admin}): such an enum implements this instead of spelling each value twice.
 */
public interface LowerCaseWire extends WireEnum {

  /** The constant's name; every enum has it. */
  String name();

  @Override
  default String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
