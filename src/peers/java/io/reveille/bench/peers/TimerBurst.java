package io.reveille.bench.peers;

import io.reveille.bench.Percentiles;
import java.time.Duration;
import java.util.Collection;

/**
 * What one scheduler did with a burst of timers all due in the same second.
 *
 * @param contender who was measured
 * @param timers how many timers were due
 * @param scheduling how long creating them took
 * @param allFired from the due second until the last firing was recorded (for Reveille: the last
 *     wake enqueued; for a peer: the last job started)
 * @param firingLateness recorded − due, per firing, in milliseconds
 * @param allStarted from the due second until the last run started (for a peer, its job is the run:
 *     the same as {@code allFired})
 * @param startLateness started − due, per run, in milliseconds
 */
record TimerBurst(
    String contender,
    int timers,
    Duration scheduling,
    Duration allFired,
    Percentiles firingLateness,
    Duration allStarted,
    Percentiles startLateness) {

  static TimerBurst of(
      String contender,
      int timers,
      Duration scheduling,
      Collection<Long> firingLateness,
      Collection<Long> startLateness) {
    var firing = new Percentiles(firingLateness);
    var start = new Percentiles(startLateness);
    return new TimerBurst(
        contender,
        timers,
        scheduling,
        Duration.ofMillis(firing.isEmpty() ? 0 : firing.max()),
        firing,
        Duration.ofMillis(start.isEmpty() ? 0 : start.max()),
        start);
  }

  static String header() {
    return "| contender | timers | creating them | all fired after the due second | firing lateness"
        + " p50 / p99 | all runs started | start lateness p50 / p99 |\n"
        + "| --- | ---: | ---: | ---: | ---: | ---: | ---: |";
  }

  String row() {
    return String.format(
        "| %s | %,d | %.1f s | %.1f s | %,d / %,d ms | %.1f s | %,d / %,d ms |",
        contender,
        timers,
        scheduling.toMillis() / 1000.0,
        allFired.toMillis() / 1000.0,
        at(firingLateness, 50),
        at(firingLateness, 99),
        allStarted.toMillis() / 1000.0,
        at(startLateness, 50),
        at(startLateness, 99));
  }

  private static long at(Percentiles millis, int p) {
    return millis.isEmpty() ? -1 : millis.at(p);
  }
}
