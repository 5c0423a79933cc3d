package io.reveille.mcp.control;

import io.reveille.platform.Settings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.microprofile.config.Config;

/**
 * The MCP endpoint's limits, checked when the application starts: how long an unused session lives
 * ({@code reveille.mcp.session-idle-seconds}, an hour), how many open sessions one principal may
 * hold ({@code reveille.mcp.max-sessions-per-principal}, 32), how many event streams one session
 * may hold open at once ({@code reveille.mcp.max-streams-per-session}, 4) and how often an open
 * stream looks for a changed report ({@code reveille.mcp.stream-poll-millis}, 2000); for the MCP
 * servers whose tools agents use, where they are declared ({@code reveille.mcp.servers.file}) and
 * the longest wait between two attempts to reach one that is down ({@code
 * reveille.mcp.client.max-backoff-seconds}, 60).
 */
@ApplicationScoped
public class McpConfig {

  static final String SESSION_IDLE = "reveille.mcp.session-idle-seconds";
  static final String MAX_SESSIONS = "reveille.mcp.max-sessions-per-principal";
  static final String MAX_STREAMS = "reveille.mcp.max-streams-per-session";
  static final String STREAM_POLL = "reveille.mcp.stream-poll-millis";
  static final String SERVERS_FILE = "reveille.mcp.servers.file";
  static final String MAX_BACKOFF = "reveille.mcp.client.max-backoff-seconds";

  private Duration sessionIdle;
  private int maxSessions;
  private int maxStreams;
  private Duration streamPoll;
  private Optional<String> serversFile;
  private Duration maxBackoff;

  McpConfig() {}

  @Inject
  McpConfig(Config config) {
    this(key -> config.getOptionalValue(key, String.class));
  }

  McpConfig(Function<String, Optional<String>> lookup) {
    sessionIdle = Duration.ofSeconds(number(lookup, SESSION_IDLE, 3600, 60, 2_592_000));
    maxSessions = (int) number(lookup, MAX_SESSIONS, 32, 1, 10_000);
    maxStreams = (int) number(lookup, MAX_STREAMS, 4, 1, 64);
    streamPoll = Duration.ofMillis(number(lookup, STREAM_POLL, 2000, 100, 60_000));
    serversFile = lookup.apply(SERVERS_FILE).map(String::strip).filter(path -> !path.isEmpty());
    maxBackoff = Duration.ofSeconds(number(lookup, MAX_BACKOFF, 60, 1, 3600));
  }

  /** Touching the bean at start-up refuses a bad setting then, not at the first request. */
  void onStartup(@Observes Startup event) {
    sessionIdle();
  }

  private static long number(
      Function<String, Optional<String>> lookup, String key, long fallback, long min, long max) {
    var text = lookup.apply(key).map(String::strip).filter(value -> !value.isEmpty());
    if (text.isEmpty()) {
      return fallback;
    }
    try {
      return Settings.within(key, Long.parseLong(text.get()), min, max);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a whole number, was " + text.get());
    }
  }

  /** How long a session lives without a request. */
  public Duration sessionIdle() {
    return sessionIdle;
  }

  /** The most open sessions one principal may hold. */
  public int maxSessions() {
    return maxSessions;
  }

  /** The most event streams one session may hold open at once. */
  public int maxStreams() {
    return maxStreams;
  }

  /** The MCP servers document, when agents use MCP servers' tools. */
  public Optional<String> serversFile() {
    return serversFile;
  }

  /** The longest wait between two attempts to reach an MCP server that is down. */
  public Duration maxBackoff() {
    return maxBackoff;
  }

  /** How often an open stream looks for a changed report. */
  public Duration streamPoll() {
    return streamPoll;
  }
}
