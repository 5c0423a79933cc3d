package io.reveille.retention.control;

import static io.reveille.platform.Settings.within;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How long finished records are kept (docs/operations.md, configuration: {@code
 * reveille.retention.*}): ISO-8601 durations such as {@code P30D}, or {@code off} to keep them for
 * ever. Checked when the application starts using them.
 */
@ApplicationScoped
public class RetentionConfig {

  private Optional<Duration> notificationBatches;
  private Optional<Duration> runLog;
  private Optional<Duration> toolCalls;
  private Optional<Duration> deadLetters;
  private Optional<Duration> audit;
  private Optional<Duration> mcpSessions;
  private int batchSize;
  private Duration period;

  RetentionConfig() {}

  /** As the injected constructor, with MCP sessions kept a week. */
  public RetentionConfig(
      String notificationBatches,
      String runLog,
      String toolCalls,
      String deadLetters,
      String audit,
      int batchSize,
      long periodMinutes) {
    this(
        notificationBatches,
        runLog,
        toolCalls,
        deadLetters,
        audit,
        "P7D",
        batchSize,
        periodMinutes);
  }

  @Inject
  public RetentionConfig(
      @ConfigProperty(name = "reveille.retention.notification-batches", defaultValue = "P30D")
          String notificationBatches,
      @ConfigProperty(name = "reveille.retention.run-log", defaultValue = "P90D") String runLog,
      @ConfigProperty(name = "reveille.retention.tool-calls", defaultValue = "P90D")
          String toolCalls,
      @ConfigProperty(name = "reveille.retention.dead-letters", defaultValue = "P30D")
          String deadLetters,
      @ConfigProperty(name = "reveille.retention.audit", defaultValue = "P400D") String audit,
      @ConfigProperty(name = "reveille.retention.mcp-sessions", defaultValue = "P7D")
          String mcpSessions,
      @ConfigProperty(name = "reveille.retention.batch-size", defaultValue = "500") int batchSize,
      @ConfigProperty(name = "reveille.retention.period-minutes", defaultValue = "60")
          long periodMinutes) {
    this.notificationBatches = age("reveille.retention.notification-batches", notificationBatches);
    this.runLog = age("reveille.retention.run-log", runLog);
    this.toolCalls = age("reveille.retention.tool-calls", toolCalls);
    this.deadLetters = age("reveille.retention.dead-letters", deadLetters);
    this.audit = age("reveille.retention.audit", audit);
    this.mcpSessions = age("reveille.retention.mcp-sessions", mcpSessions);
    this.batchSize = (int) within("reveille.retention.batch-size", batchSize, 1, 10_000);
    this.period =
        Duration.ofMinutes(
            within("reveille.retention.period-minutes", periodMinutes, 1, 7 * 24 * 60));
  }

  /** {@code off}, or a positive ISO-8601 duration of at least a second. */
  public static Optional<Duration> age(String key, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(key + " must be an ISO-8601 duration (P30D) or off");
    }
    if (value.strip().equalsIgnoreCase("off")) {
      return Optional.empty();
    }
    try {
      var age = Duration.parse(value.strip());
      if (age.compareTo(Duration.ofSeconds(1)) < 0) {
        throw new IllegalArgumentException(key + " must be at least PT1S, or off; was " + value);
      }
      return Optional.of(age);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          key + " must be an ISO-8601 duration (P30D, PT12H) or off; was " + value, e);
    }
  }

  public Optional<Duration> notificationBatches() {
    return notificationBatches;
  }

  public Optional<Duration> runLog() {
    return runLog;
  }

  public Optional<Duration> toolCalls() {
    return toolCalls;
  }

  public Optional<Duration> deadLetters() {
    return deadLetters;
  }

  /** How long audit rows are kept: long enough to look back over a year, not for ever. */
  public Optional<Duration> audit() {
    return audit;
  }

  /** How long an MCP session is kept after its last request (closed or not). */
  public Optional<Duration> mcpSessions() {
    return mcpSessions;
  }

  /** Rows deleted per transaction: short transactions that never hold up a wake for long. */
  public int batchSize() {
    return batchSize;
  }

  /** How often each node purges. */
  public Duration period() {
    return period;
  }
}
