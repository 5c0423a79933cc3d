package io.reveille.platform.wire;

import java.util.List;

/** A spelling that names no value of a wire enum; the message lists the values that do. */
public class UnknownWireValueException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final transient List<String> allowed;

  <E extends Enum<E> & WireEnum> UnknownWireValueException(Class<E> type, String text) {
    super(
        (text == null
                ? "no " + type.getSimpleName()
                : "unknown " + type.getSimpleName() + " '" + text + "'")
            + "; one of "
            + WireEnum.names(type));
    this.allowed = WireEnum.values(type);
  }

  /** The wire names that would have been accepted. */
  public List<String> allowed() {
    return allowed;
  }
}
