package io.reveille.testing;

import java.time.Instant;

/**
 * What a black-box test reads of the outbox of Reveille's own batches ({@code GET
 * /api/notification-outbox}).
 */
public final class OutboxBacklog {

  private OutboxBacklog() {}

  /**
   * Whether every batch written to the server's outbox up to {@code since} has been taken in: the
   * intake deletes a batch's row in the transaction that records it with its wakes.
   */
  public static boolean takenInUpTo(Api api, Instant since) {
    var backlog = api.get("/api/notification-outbox").json();
    return !backlog.containsKey("oldestCreatedAt")
        || backlog.isNull("oldestCreatedAt")
        || Instant.parse(backlog.getString("oldestCreatedAt")).isAfter(since);
  }
}
