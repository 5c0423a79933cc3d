package io.reveille.testing;

import io.reveille.alertness.control.NotificationOutbox;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;

/**
 * The committed sentinel for "nothing happened" checks inside the server: Reveille's own batches
 * (the journal's and the agent domain's) wait in the outbox until the intake takes them in, and the
 * intake deletes a batch's row in the transaction that records it with its wake runs. So once no
 * row written up to now is left, every batch a change committed before this call has been taken in,
 * and a wake it caused (the one that must not exist) would be in the run log.
 */
@ApplicationScoped
public class NotificationSentinel {

  @Inject NotificationOutbox outbox;
  @Inject Clock clock;

  /** Waits until every batch written to the outbox up to now has been taken in. */
  public void passThroughTheQueue() {
    var now = clock.instant();
    Poll.until(
        Duration.ofSeconds(60),
        () -> outbox.backlog().oldestCreatedAt().map(oldest -> oldest.isAfter(now)).orElse(true));
  }
}
