package io.reveille.messaging.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.activemq.artemis.core.security.CheckType;
import org.apache.activemq.artemis.core.security.Role;
import org.apache.activemq.artemis.core.settings.impl.HierarchicalObjectRepository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerUsersTest {

  private final BrokerUsers users =
      new BrokerUsers()
          .add("reveille-server", "server-secret-1", BrokerUsers.SERVER_ROLE)
          .add("feeder", "feeder-secret-1", BrokerUsers.PRODUCER_ROLE)
          .add("peer-bridge", "bridge-secret-1", BrokerUsers.SYNC_ROLE);
  private final java.util.Map<String, java.util.Set<org.apache.activemq.artemis.core.security.Role>>
      permissions = BrokerUsers.permissions("reveille.notifications", "reveille.sync.inbound");

  @Test
  void aLoginIsItsNameAndAWrongPasswordNoLoginAtAll() {
    assertEquals("feeder", users.validateUser("feeder", "feeder-secret-1", null, null));
    assertNull(users.validateUser("feeder", "server-secret-1", null, null));
    assertNull(users.validateUser("nobody", "feeder-secret-1", null, null));
    assertNull(users.validateUser(null, null, null, null));
  }

  @Test
  void theProducerMaySendBatchesAndNothingElseWhileTheServerMayDoAnything() {
    var notifications = permissions.get("reveille.notifications");
    var everywhere = permissions.get("#");
    assertTrue(
        users.validateUserAndRole("feeder", "feeder-secret-1", notifications, CheckType.SEND));
    assertFalse(
        users.validateUserAndRole("feeder", "feeder-secret-1", notifications, CheckType.CONSUME));
    assertFalse(users.validateUserAndRole("feeder", "feeder-secret-1", everywhere, CheckType.SEND));
    assertFalse(
        users.validateUserAndRole("feeder", "feeder-secret-1", notifications, CheckType.BROWSE));
    for (var check : CheckType.values()) {
      if (check != CheckType.VIEW && check != CheckType.EDIT) {
        assertTrue(
            users.validateUserAndRole("reveille-server", "server-secret-1", everywhere, check),
            check.name());
      }
    }
    assertFalse(
        users.validateUserAndRole("reveille-server", "wrong-password", everywhere, CheckType.SEND));
  }

  @Test
  void thePeerSitesBridgeMaySendSyncRecordsInAndNothingElse(@TempDir Path dir) throws Exception {
    var config = new EmbeddedBrokerResourceAdapter().brokerConfiguration("tcp://127.0.0.1:0", dir);
    var security = new HierarchicalObjectRepository<Set<Role>>(config.getWildcardConfiguration());
    config.getSecurityRoles().forEach(security::addMatch);

    var inbound = security.getMatch("reveille.sync.inbound");
    assertTrue(
        users.validateUserAndRole("peer-bridge", "bridge-secret-1", inbound, CheckType.SEND));
    assertFalse(
        users.validateUserAndRole("peer-bridge", "bridge-secret-1", inbound, CheckType.CONSUME));
    assertFalse(users.validateUserAndRole("feeder", "feeder-secret-1", inbound, CheckType.SEND));
    assertTrue(
        users.validateUserAndRole("reveille-server", "server-secret-1", inbound, CheckType.SEND));
    for (var address :
        List.of(
            "reveille.notifications",
            "reveille.own-notifications",
            "reveille.wakes",
            "reveille.sync.outbound")) {
      assertFalse(
          users.validateUserAndRole(
              "peer-bridge", "bridge-secret-1", security.getMatch(address), CheckType.SEND),
          address);
    }
    for (var queue :
        List.of("reveille.sync.outbound", "reveille.sync.inbound", "reveille.sync.inbound.DLQ")) {
      assertTrue(
          config.getQueueConfigs().stream().anyMatch(q -> q.getName().toString().equals(queue)),
          queue + " is declared");
    }
  }

  @Test
  void onlyTheServersLoginMaySendToTheQueueOfReveillesOwnBatches(@TempDir Path dir)
      throws Exception {
    var config = new EmbeddedBrokerResourceAdapter().brokerConfiguration("tcp://127.0.0.1:0", dir);
    // Matched as the broker matches them, wildcards and all.
    var security = new HierarchicalObjectRepository<Set<Role>>(config.getWildcardConfiguration());
    config.getSecurityRoles().forEach(security::addMatch);

    var own = security.getMatch("reveille.own-notifications");
    assertFalse(users.validateUserAndRole("feeder", "feeder-secret-1", own, CheckType.SEND));
    assertTrue(
        users.validateUserAndRole("reveille-server", "server-secret-1", own, CheckType.SEND));
    assertTrue(
        users.validateUserAndRole(
            "feeder",
            "feeder-secret-1",
            security.getMatch("reveille.notifications"),
            CheckType.SEND));
    assertTrue(
        config.getQueueConfigs().stream()
            .anyMatch(queue -> queue.getName().toString().equals("reveille.own-notifications")),
        "the queue is declared");
    assertEquals(
        "reveille.notifications.DLQ",
        config
            .getAddressSettings()
            .get("reveille.own-notifications")
            .getDeadLetterAddress()
            .toString(),
        "its dead letters join the producers'");
  }
}
