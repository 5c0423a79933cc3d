package io.reveille.platform;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Who this server is among the nodes sharing a database: {@code reveille.node-id}, and a boot id
 * new with every start of the application. A run records its owner as {@code <nodeId>/<bootId>}, so
 * that a delivery can tell a run that is live in this JVM from one a previous boot of this node
 * left behind and from one another node is running.
 *
 * <p>Two nodes with one id would take each other's live runs for runs an earlier boot left behind
 * and run them again. So the default is {@code <host name>:<server name>:<hash of the server's data
 * directory>}: the same across restarts of one server (also of a runnable JAR, whose extraction
 * directory changes with every start), different for any two servers, also for two servers of one
 * name on one host (they cannot share a data directory).
 */
@ApplicationScoped
public class NodeIdentity {

  public static final int MAX_NODE_ID_LENGTH = 100;

  private String nodeId;
  private final String bootId = UUID.randomUUID().toString();

  NodeIdentity() {}

  @Inject
  NodeIdentity(
      @ConfigProperty(name = "reveille.node-id") Optional<String> configured,
      @ConfigProperty(name = "reveille.server.name") Optional<String> serverName,
      @ConfigProperty(name = "reveille.data.dir") Optional<String> dataDir) {
    this(
        configured
            .map(String::strip)
            .filter(s -> !s.isEmpty())
            .orElseGet(() -> defaultNodeId(hostName(), serverName, dataDir)));
  }

  /**
   * {@code <host>:<server name>:<8 hex digits of the data directory's SHA-256>}, each part present
   * only when known, cut to {@link #MAX_NODE_ID_LENGTH} from the left so that the distinguishing
   * hash stays.
   */
  static String defaultNodeId(String host, Optional<String> serverName, Optional<String> dataDir) {
    var id = new StringBuilder(printable(host.isBlank() ? "localhost" : host));
    serverName
        .map(String::strip)
        .filter(s -> !s.isEmpty())
        .ifPresent(s -> id.append(':').append(printable(s)));
    dataDir
        .map(String::strip)
        .filter(s -> !s.isEmpty())
        .ifPresent(dir -> id.append(':').append(shortHash(dir)));
    return id.length() <= MAX_NODE_ID_LENGTH
        ? id.toString()
        : id.substring(id.length() - MAX_NODE_ID_LENGTH);
  }

  private static String printable(String part) {
    var out = new StringBuilder(part.length());
    part.chars().forEach(c -> out.append(c > 0x20 && c < 0x7f && c != '/' ? (char) c : '_'));
    return out.toString();
  }

  private static String shortHash(String text) {
    try {
      var digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java platform", e);
    }
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
