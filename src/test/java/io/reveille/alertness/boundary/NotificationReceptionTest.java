package io.reveille.alertness.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.alertness.boundary.NotificationReception.Senders;
import io.reveille.alertness.control.NotificationBatchParser;
import io.reveille.alertness.control.NotificationLimits;
import jakarta.jms.Message;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NotificationReceptionTest {

  private final NotificationBatchParser parser =
      new NotificationBatchParser(NotificationLimits.of(100, 200, 100));

  /** A message that names Reveille's own login as its sender, as an AMQP sender may. */
  private final Message namingTheServer =
      (Message)
          Proxy.newProxyInstance(
              Message.class.getClassLoader(),
              new Class<?>[] {Message.class},
              (proxy, method, args) ->
                  method.getName().equals("getStringProperty") ? "reveille-server" : null);

  private final String claiming =
      "{\"schemaVersion\":1,\"batchId\":\"b-1\",\"origin\":\"local\",\"originAgentId\":\"a-1\","
          + "\"originRunKey\":\"wk-1\",\"tokens\":[\"task-1\"]}";

  @Test
  void aClaimOnTheProducersQueueIsDroppedWhateverTheMessageNamesAsItsSender() throws Exception {
    var kept =
        NotificationReception.honouredClaims(
            namingTheServer, parser.parse(claiming), Senders.ANYONE);

    assertTrue(kept.originClaims().isEmpty(), kept::toString);
    assertEquals(Optional.empty(), kept.originAgentId());
    assertEquals(List.of("task-1"), kept.tokens());
  }

  @Test
  void aClaimOnReveillesOwnQueueStands() throws Exception {
    var batch = parser.parse(claiming);

    assertSame(
        batch, NotificationReception.honouredClaims(namingTheServer, batch, Senders.REVEILLE));
    assertEquals(List.of("origin", "originAgentId", "originRunKey"), batch.originClaims());
  }
}
