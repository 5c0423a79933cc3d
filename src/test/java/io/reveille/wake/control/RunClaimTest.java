package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.observability.control.Metrics;
import io.reveille.testing.OneTransaction;
import jakarta.transaction.Status;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunClaimTest {

  @Test
  void aStartIsCountedOnlyWhenItsTransactionCommits() {
    var claim = new RunClaim();
    claim.metrics = new Metrics();
    var transaction = new OneTransaction();
    claim.transactions = transaction;

    claim.countStarted("manual", Duration.ofMillis(5));
    claim.countStarted("manual", Duration.ofMillis(5));
    assertEquals(0, startsCounted(claim), "nothing before the transaction ends");
    transaction.synchronizations().get(0).afterCompletion(Status.STATUS_ROLLEDBACK);
    assertEquals(0, startsCounted(claim), "a start rolled back is not counted");
    transaction.synchronizations().get(1).afterCompletion(Status.STATUS_COMMITTED);
    assertEquals(1, startsCounted(claim));
  }

  /** The count of the start-latency histogram for manual runs, as the scrape shows it. */
  private static long startsCounted(RunClaim claim) {
    return claim
        .metrics
        .scrape()
        .lines()
        .filter(
            line -> line.startsWith("reveille_wake_start_latency_seconds_count{reason=\"manual\""))
        .mapToLong(line -> (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
  }
}
