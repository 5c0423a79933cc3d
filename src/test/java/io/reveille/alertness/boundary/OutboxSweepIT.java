package io.reveille.alertness.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.alertness.control.OutboxFixture;
import io.reveille.testing.Api;
import io.reveille.testing.Poll;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The outbox sweep takes in the batches whose hand-off never came, oldest first; a batch that no
 * longer passes the intake's checks (its bounds were lowered since it was written) is dead-lettered
 * to {@code reveille.notifications.DLQ} with the reason, its document kept, and removed from the
 * outbox, and the batch behind it is taken in all the same.
 */
@ExtendWith(ArquillianExtension.class)
class OutboxSweepIT {

  @Inject OutboxFixture outbox;

  @Test
  void aBatchTheIntakeRefusesIsDeadLetteredWithItsReasonAndTheOneBehindItIsTakenIn() {
    var marker = UUID.randomUUID().toString();
    var refused = "sweep-refused-" + marker;
    var behind = "sweep-behind-" + marker;
    var tokens = new StringBuilder("\"" + marker + "\"");
    for (var i = 1; i <= 1_000; i++) {
      tokens.append(",\"t").append(i).append('"');
    }
    var documents = new LinkedHashMap<String, String>();
    documents.put(
        refused,
        "{\"schemaVersion\":1,\"batchId\":\"" + refused + "\",\"tokens\":[" + tokens + "]}");
    documents.put(
        behind,
        "{\"schemaVersion\":1,\"batchId\":\"" + behind + "\",\"tokens\":[\"" + marker + "\"]}");
    // Written an hour ago: past the sweep's cutoff (one period, 10 s by default) at its next round.
    outbox.write(Instant.now().minus(Duration.ofHours(1)), documents);

    Poll.until(Duration.ofSeconds(60), () -> !outbox.holds(refused) && !outbox.holds(behind));

    var api = Api.inServer();
    assertEquals(
        200, api.get("/api/notifications/" + behind).status(), "the batch behind, taken in");
    assertEquals(
        404, api.get("/api/notifications/" + refused).status(), "the refused batch, not recorded");
    var letter = new java.util.concurrent.atomic.AtomicReference<jakarta.json.JsonObject>();
    Poll.until(
        Duration.ofSeconds(30),
        () -> {
          api.getAll("/api/dead-letters/notifications").stream()
              .filter(each -> each.getString("body", "").contains(refused))
              .findFirst()
              .ifPresent(letter::set);
          return letter.get() != null;
        });
    var reason = letter.get().getString("reason", "");
    assertTrue(
        reason.startsWith("tokens: 1001 tokens exceed the limit of 1000"), letter.get()::toString);
    assertTrue(
        letter.get().getString("body").contains(marker), "the document kept for the operator");
    assertFalse(outbox.holds(refused), "removed from the outbox, so it blocks nothing behind it");
  }
}
