package io.reveille.bench.peers;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A scheduler Reveille is measured against, running in this JVM on the same PostgreSQL: each job
 * records its firing in {@link Firings} under the scheduler's {@link #name}.
 */
interface PeerScheduler extends AutoCloseable {

  /** How many jobs one bulk call schedules. */
  int CHUNK = 1000;

  String name();

  /**
   * Schedules one one-shot job per id (at most {@value #CHUNK}), all due at {@code due}, with the
   * scheduler's bulk API: one call, one transaction.
   */
  void schedule(List<String> ids, Instant due) throws Exception;

  /** Removes the jobs {@code ids} before they are due. */
  void cancel(List<String> ids) throws Exception;

  @Override
  void close() throws Exception;

  /**
   * The burst: {@code count} jobs due in the same second, or spread over {@code spread} seconds
   * (job {@code i} due {@code i % spread} seconds after the first). The first second is set so that
   * scheduling them all ends before it (twice the calibrated time): a calibration round (1% of
   * them, at least 100, due in a day and then cancelled) measures how long scheduling takes here.
   * Before it, the warm-up every contender gets ({@link SideBySide#warmUp}), due in one second and
   * left to fire.
   */
  static TimerBurst burst(PeerScheduler peer, Firings firings, int count, int spread)
      throws Exception {
    var calibration = ids("calibration", Math.max(100, count / 100));
    var calibrated = Instant.now();
    scheduleAll(peer, calibration, Instant.now().plus(Duration.ofDays(1)));
    var perJob = Duration.between(calibrated, Instant.now()).dividedBy(calibration.size());
    peer.cancel(calibration);
    var warmUp = ids("warm-up", SideBySide.warmUp(count));
    scheduleAll(
        peer, warmUp, Seconds.after(perJob.multipliedBy(warmUp.size() * 2L).plusSeconds(2)));
    firings.await(peer.name(), warmUp.size(), Duration.ofMinutes(30));
    System.out.printf("%s: warmed up with %,d jobs%n", peer.name(), warmUp.size());
    var due = Seconds.after(perJob.multipliedBy(count * 2L).plusSeconds(10));
    var ids = ids("burst", count);
    var started = Instant.now();
    for (var second = 0; second < spread; second++) {
      var at = second;
      scheduleAll(
          peer,
          IntStream.range(0, count).filter(i -> i % spread == at).mapToObj(ids::get).toList(),
          due.plusSeconds(at));
    }
    var scheduling = Duration.between(started, Instant.now());
    System.out.printf(
        "%s: %,d jobs scheduled in %s, due at %s%n", peer.name(), count, scheduling, due);
    if (Instant.now().isAfter(due)) {
      throw new IllegalStateException(peer.name() + ": scheduling ended after the due second");
    }
    firings.await(peer.name(), warmUp.size() + count, Duration.ofMinutes(30));
    var lateness = firings.lateness(peer.name(), "burst-");
    return TimerBurst.of(peer.name(), count, scheduling, lateness, lateness);
  }

  /** {@code ids}, {@value #CHUNK} at a time. */
  private static void scheduleAll(PeerScheduler peer, List<String> ids, Instant due)
      throws Exception {
    for (var from = 0; from < ids.size(); from += CHUNK) {
      peer.schedule(ids.subList(from, Math.min(ids.size(), from + CHUNK)), due);
    }
  }

  private static List<String> ids(String prefix, int count) {
    return new ArrayList<>(IntStream.range(0, count).mapToObj(i -> prefix + "-" + i).toList());
  }
}
