package io.reveille.retention.control;

import io.reveille.retention.control.RetentionSteps.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Purges finished records older than their retention ({@link RetentionConfig}): recorded
 * notification batches, finished wake runs, finished tool calls of the ledger, audit rows, MCP
 * sessions not used for a while, and dead letters. The agents' own memory (messages, reports,
 * observations) has no retention: it is what the agent knows. Runs on every node at once without
 * harm: each batch deletes what is still there.
 */
@ApplicationScoped
public class Retention {

  private static final Logger LOG = Logger.getLogger(Retention.class.getName());

  /** Batches per kind and round; the next round takes the rest. */
  static final int MAX_BATCHES_PER_ROUND = 100;

  @Inject RetentionSteps steps;
  @Inject DeadLetterPurge deadLetters;
  @Inject RetentionConfig config;
  @Inject Clock clock;

  /** One round over every kind that has a retention; returns how many went, by kind. */
  public Map<String, Integer> purge() {
    var now = clock.instant();
    var purged = new LinkedHashMap<String, Integer>();
    purge(purged, Kind.NOTIFICATION_BATCHES, config.notificationBatches(), now);
    purge(purged, Kind.RUN_LOG, config.runLog(), now);
    purge(purged, Kind.TOOL_CALLS, config.toolCalls(), now);
    purge(purged, Kind.AUDIT_EVENTS, config.audit(), now);
    purge(purged, Kind.MCP_SESSIONS, config.mcpSessions(), now);
    config
        .deadLetters()
        .ifPresent(
            age ->
                purged.put(
                    "dead letters",
                    deadLetters.purgeOlderThan(
                        now.minus(age), config.batchSize() * MAX_BATCHES_PER_ROUND)));
    if (purged.values().stream().anyMatch(count -> count > 0)) {
      LOG.log(Level.INFO, "Retention purged {0}", purged);
    }
    return purged;
  }

  private void purge(Map<String, Integer> purged, Kind kind, Optional<Duration> age, Instant now) {
    age.ifPresent(
        keep ->
            purged.put(
                kind.name().toLowerCase(java.util.Locale.ROOT),
                purge(kind, now.minus(keep), config.batchSize())));
  }

  /**
   * Deletes the rows of {@code kind} older than {@code cutoff}, {@code batchSize} per transaction,
   * at most {@value #MAX_BATCHES_PER_ROUND} batches; returns how many.
   */
  public int purge(Kind kind, Instant cutoff, int batchSize) {
    var total = 0;
    for (var batch = 0; batch < MAX_BATCHES_PER_ROUND; batch++) {
      var deleted = steps.deleteBatch(kind, cutoff, batchSize);
      total += deleted;
      if (deleted < batchSize) {
        break;
      }
    }
    return total;
  }
}
