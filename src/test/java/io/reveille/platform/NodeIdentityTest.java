package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.ShippedConfig;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NodeIdentityTest {

  private static NodeIdentity onDefaults(String serverName, String outputDir) {
    return new NodeIdentity(Optional.empty(), Optional.of(serverName), Optional.of(outputDir));
  }

  @Test
  void theShippedConfigurationLeavesTheNodeIdToTheDefault() {
    var shipped = ShippedConfig.properties();
    assertFalse(
        shipped.containsKey("reveille.node-id"),
        "a fixed default would give every node left on defaults the same id: "
            + shipped.getProperty("reveille.node-id"));
  }

  @Test
  void twoServersOnOneHostOnDefaultsGetDistinctIds() {
    var first = onDefaults("reveille", "/srv/a/wlp/usr/servers/reveille");
    var second = onDefaults("reveille-2", "/srv/a/wlp/usr/servers/reveille-2");
    var sameNameElsewhere = onDefaults("reveille", "/srv/b/wlp/usr/servers/reveille");

    assertNotEquals(first.nodeId(), second.nodeId());
    assertNotEquals(first.nodeId(), sameNameElsewhere.nodeId());
    assertFalse(first.isThisNode(second.owner()), "a run of the other server is not ours");
    assertFalse(second.isThisNode(first.owner()));
  }

  @Test
  void theDefaultIsStableAcrossRestartsOfOneServer() {
    var before = onDefaults("reveille", "/srv/a/wlp/usr/servers/reveille");
    var after = onDefaults("reveille", "/srv/a/wlp/usr/servers/reveille");

    assertEquals(before.nodeId(), after.nodeId());
    assertNotEquals(before.owner(), after.owner(), "each boot has its own id");
    assertTrue(after.isThisNode(before.owner()), "an earlier boot of this node");
    assertFalse(after.isThisBoot(before.owner()));
  }

  @Test
  void theDefaultNamesHostAndServerAndIsAValidId() {
    var id = NodeIdentity.defaultNodeId("host-1", Optional.of("my server"), Optional.of("/x"));
    assertTrue(id.startsWith("host-1:my_server:"), id);
    assertEquals("host-1:my_server:".length() + 8, id.length(), id);
    var longHost = "h".repeat(300);
    var cut = NodeIdentity.defaultNodeId(longHost, Optional.of("s"), Optional.of("/x"));
    assertEquals(NodeIdentity.MAX_NODE_ID_LENGTH, cut.length());
    assertTrue(cut.endsWith(id.substring(id.lastIndexOf(':'))), "the hash stays: " + cut);
    new NodeIdentity(cut);
  }

  @Test
  void aConfiguredIdWinsAndIsValidated() {
    var configured =
        new NodeIdentity(Optional.of(" node-a "), Optional.of("reveille"), Optional.of("/x"));
    assertEquals("node-a", configured.nodeId());
    var error = assertThrows(IllegalArgumentException.class, () -> new NodeIdentity("a/b"));
    assertTrue(error.getMessage().contains("reveille.node-id"), error.getMessage());
  }
}
