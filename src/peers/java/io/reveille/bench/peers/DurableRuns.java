package io.reveille.bench.peers;

import io.reveille.bench.Percentiles;
import java.time.Duration;

/**
 * What one contender of the durable-steps scenario measured.
 *
 * @param contender who was measured
 * @param runs how many runs (workflows) of three steps
 * @param took from the first run's start until the last one completed
 * @param latency per run, start to completion, in milliseconds
 */
record DurableRuns(String contender, int runs, Duration took, Percentiles latency) {

  static String header() {
    return "| contender | runs of three steps | took | runs/s | latency p50 / p99 / max |\n"
        + "| --- | ---: | ---: | ---: | ---: |";
  }

  double perSecond() {
    return runs * 1000.0 / Math.max(1, took.toMillis());
  }

  String row() {
    return String.format(
        "| %s | %,d | %.1f s | %.0f | %,d / %,d / %,d ms |",
        contender,
        runs,
        took.toMillis() / 1000.0,
        perSecond(),
        latency.at(50),
        latency.at(99),
        latency.max());
  }
}
