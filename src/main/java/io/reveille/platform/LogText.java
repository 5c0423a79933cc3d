package io.reveille.platform;

/**
 * Text that came from outside (a producer's batch id, a client's message id, a reason quoting its
 * input), made safe for one log line: quoted, with line breaks and every other control or
 * line-separating character escaped, so a value cannot start a forged line of its own.
 */
public final class LogText {

  /** Longest value kept; a longer one is cut and marked. */
  static final int MAX_LENGTH = 500;

  private LogText() {}

  /**
   * {@code "value"} with {@code \n}, {@code \r}, {@code \t}, {@code \"}, {@code \\} and {@code
   * \\uXXXX} escapes.
   */
  public static String quoted(Object value) {
    if (value == null) {
      return "(none)";
    }
    var text = value.toString();
    var cut = text.length() > MAX_LENGTH;
    var out = new StringBuilder(Math.min(text.length(), MAX_LENGTH) + 8).append('"');
    for (var i = 0; i < Math.min(text.length(), MAX_LENGTH); i++) {
      var c = text.charAt(i);
      switch (c) {
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        default -> {
          if (Character.isISOControl(c)
              || c == '\u2028'
              || c == '\u2029'
              || c == '\u0085'
              || Character.getType(c) == Character.FORMAT) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append(cut ? "\"…" : "\"").toString();
  }
}
