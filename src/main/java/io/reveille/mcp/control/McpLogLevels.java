package io.reveille.mcp.control;

import java.util.List;

/**
 * The levels of MCP's log messages (RFC 5424's severities, least severe first), as {@code
 * logging/setLevel} names them.
 */
public final class McpLogLevels {

  /** Every level, least severe first. */
  public static final List<String> ALL =
      List.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");

  /** The level of a session that never set one. */
  public static final String DEFAULT = "info";

  private McpLogLevels() {}

  /** Whether {@code level} is one of {@link #ALL}. */
  public static boolean known(String level) {
    return ALL.contains(level);
  }

  /** Whether a message of {@code level} reaches a session that set {@code threshold}. */
  public static boolean reaches(String level, String threshold) {
    return ALL.indexOf(level) >= ALL.indexOf(threshold);
  }
}
