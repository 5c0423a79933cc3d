package io.reveille.bench.peers;

import io.reveille.bench.Percentiles;
import java.time.Duration;

/**
 * What one phase of the wake-path scenario measured.
 *
 * @param contender who was measured, and how it was loaded
 * @param batches how many batches (messages) were sent
 * @param sending how long sending them took
 * @param runs how many runs they created (batches that arrive while a run of their agent is queued
 *     coalesce into it)
 * @param completed how many of those runs completed
 * @param untilLastStart from the first send until the last run started (the relay: the last
 *     forwarded message received)
 * @param latency run started − batch sent, per run, in milliseconds
 */
record WakeLoad(
    String contender,
    int batches,
    Duration sending,
    int runs,
    int completed,
    Duration untilLastStart,
    Percentiles latency) {

  static String header() {
    return "| contender | batches | sent in | runs (completed) | batches/s until the last run"
        + " started | latency p50 / p99 / max |\n"
        + "| --- | ---: | ---: | ---: | ---: | ---: |";
  }

  /** Batches per second until the last run started. */
  double perSecond() {
    return batches * 1000.0 / Math.max(1, untilLastStart.toMillis());
  }

  String row() {
    return String.format(
        "| %s | %,d | %.1f s | %,d (%,d) | %.0f | %s |",
        contender,
        batches,
        sending.toMillis() / 1000.0,
        runs,
        completed,
        perSecond(),
        latency.isEmpty()
            ? "—"
            : String.format("%,d / %,d / %,d ms", latency.at(50), latency.at(99), latency.max()));
  }
}
