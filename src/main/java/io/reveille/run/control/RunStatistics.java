package io.reveille.run.control;

import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the run log says about the last minutes, for the console's pictures: per minute, the runs by
 * reason and by status, how long a run waited from being queued to starting (for a subscription
 * run, from the batch that woke it) and how late a timer's run started after its firing was due, as
 * medians and 95th percentiles; and the agents that spent the most tokens in the last day. Read
 * from the run log every node writes, so every node draws the same picture; at most {@value
 * #MAX_RUNS} runs are read (the newest), and the answer says when there were more.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class RunStatistics {

  /** Runs read at most for one picture. */
  public static final int MAX_RUNS = 100_000;

  /** Minutes one picture covers at most. */
  public static final int MAX_MINUTES = 24 * 60;

  @PersistenceContext EntityManager em;
  @Inject Clock clock;
  @Inject RunQueries runs;

  /** One minute of runs. */
  public record Minute(
      Instant minute,
      Map<String, Long> byReason,
      Map<String, Long> byStatus,
      Long startWaitP50Millis,
      Long startWaitP95Millis,
      Long timerLatenessP50Millis,
      Long timerLatenessP95Millis) {}

  /** An agent's tokens over the last day. */
  public record AgentTokens(
      String agentId, String displayName, long inputTokens, long outputTokens) {}

  /** The picture: its minutes, oldest first, and the top agents by tokens in the last day. */
  public record Picture(
      Instant from,
      Instant to,
      boolean truncated,
      List<Minute> minutes,
      List<AgentTokens> tokens) {}

  /** The last {@code minutes} minutes and the {@code topAgents} agents with most tokens today. */
  public Picture picture(int minutes, int topAgents) {
    var now = clock.instant();
    var to = now.truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(1));
    var from = to.minus(Duration.ofMinutes(minutes));
    var rows =
        em.createQuery(
                "SELECT w.createdAt, w.startedAt, w.reason, w.status, w.scheduledAt FROM "
                    + WakeRunLogEntry.class.getSimpleName()
                    + " w WHERE w.createdAt >= :from ORDER BY w.createdAt DESC",
                Object[].class)
            .setParameter("from", from)
            .setMaxResults(MAX_RUNS + 1)
            .getResultList();
    var truncated = rows.size() > MAX_RUNS;
    var buckets = new TreeMap<Instant, Bucket>();
    for (var m = from; m.isBefore(to); m = m.plus(Duration.ofMinutes(1))) {
      buckets.put(m, new Bucket());
    }
    for (var row : rows.subList(0, Math.min(rows.size(), MAX_RUNS))) {
      var created = (Instant) row[0];
      var bucket = buckets.get(created.truncatedTo(ChronoUnit.MINUTES));
      if (bucket == null) {
        continue;
      }
      var started = (Instant) row[1];
      var reason = (WakeReason) row[2];
      bucket.byReason.merge(reason.wire(), 1L, Long::sum);
      bucket.byStatus.merge(((WakeStatus) row[3]).wire(), 1L, Long::sum);
      if (started != null) {
        bucket.startWaits.add(Math.max(0, Duration.between(created, started).toMillis()));
        var scheduled = (Instant) row[4];
        if (scheduled != null
            && (reason == WakeReason.TIMER || reason == WakeReason.TIMER_CATCHUP)) {
          bucket.lateness.add(Math.max(0, Duration.between(scheduled, started).toMillis()));
        }
      }
    }
    var picture = new ArrayList<Minute>();
    buckets.forEach(
        (minute, bucket) ->
            picture.add(
                new Minute(
                    minute,
                    bucket.byReason,
                    bucket.byStatus,
                    percentile(bucket.startWaits, 50),
                    percentile(bucket.startWaits, 95),
                    percentile(bucket.lateness, 50),
                    percentile(bucket.lateness, 95))));
    return new Picture(from, to, truncated, picture, topAgents(now, topAgents));
  }

  private List<AgentTokens> topAgents(Instant now, int limit) {
    var rows =
        em.createQuery(
                "SELECT w.agentId, SUM(w.inputTokens), SUM(w.outputTokens) FROM "
                    + WakeRunLogEntry.class.getSimpleName()
                    + " w WHERE w.createdAt >= :from GROUP BY w.agentId",
                Object[].class)
            .setParameter("from", now.minus(Duration.ofDays(1)))
            .getResultList();
    var spent = new ArrayList<AgentTokens>();
    for (var row : rows) {
      var input = ((Number) row[1]).longValue();
      var output = ((Number) row[2]).longValue();
      if (input + output > 0) {
        spent.add(new AgentTokens((String) row[0], null, input, output));
      }
    }
    spent.sort(
        Comparator.comparingLong((AgentTokens a) -> -(a.inputTokens() + a.outputTokens()))
            .thenComparing(AgentTokens::agentId));
    var top = spent.subList(0, Math.min(limit, spent.size()));
    var names = runs.agentNames(top.stream().map(AgentTokens::agentId).toList());
    return top.stream()
        .map(
            a ->
                new AgentTokens(
                    a.agentId(), names.get(a.agentId()), a.inputTokens(), a.outputTokens()))
        .toList();
  }

  /** The {@code p}th percentile (nearest rank) of {@code values}; null when there are none. */
  static Long percentile(List<Long> values, int p) {
    if (values.isEmpty()) {
      return null;
    }
    var sorted = values.stream().sorted().toList();
    var rank = (int) Math.ceil(p / 100.0 * sorted.size());
    return sorted.get(Math.max(0, rank - 1));
  }

  private static final class Bucket {
    final Map<String, Long> byReason = new TreeMap<>();
    final Map<String, Long> byStatus = new TreeMap<>();
    final List<Long> startWaits = new ArrayList<>();
    final List<Long> lateness = new ArrayList<>();
  }
}
