package io.reveille.platform;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Who this server is among the nodes sharing a database: {@code reveille.node-id} (default: the
 * host name), and a boot id new with every start of the application. A run records its owner as
 * {@code <nodeId>/<bootId>}, so that a delivery can tell a run that is live in this JVM from one a
 * previous boot of this node left behind and from one another node is running.
 */
@ApplicationScoped
public class NodeIdentity {

  public static final int MAX_NODE_ID_LENGTH = 100;

  private String nodeId;
  private final String bootId = UUID.randomUUID().toString();

  NodeIdentity() {}

  @Inject
  NodeIdentity(@ConfigProperty(name = "reveille.node-id") Optional<String> configured) {
    this(configured.map(String::strip).filter(s -> !s.isEmpty()).orElseGet(NodeIdentity::hostName));
  }

  public NodeIdentity(String nodeId) {
    if (nodeId.isEmpty()
        || nodeId.length() > MAX_NODE_ID_LENGTH
        || nodeId.contains("/")
        || !nodeId.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
      throw new IllegalArgumentException(
          "reveille.node-id must be 1 to "
              + MAX_NODE_ID_LENGTH
              + " printable ASCII characters without spaces or '/', was '"
              + nodeId
              + "'");
    }
    this.nodeId = nodeId;
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }

  public String nodeId() {
    return nodeId;
  }

  /** {@code <nodeId>/<bootId>}. */
  public String owner() {
    return nodeId + "/" + bootId;
  }

  /** Whether {@code owner} is this JVM. */
  public boolean isThisBoot(String owner) {
    return owner().equals(owner);
  }

  /** Whether {@code owner} is this node (this boot or an earlier one). */
  public boolean isThisNode(String owner) {
    return owner != null && owner.startsWith(nodeId + "/");
  }
}
