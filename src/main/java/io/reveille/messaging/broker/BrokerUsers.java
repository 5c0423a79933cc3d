package io.reveille.messaging.broker;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.activemq.artemis.core.security.CheckType;
import org.apache.activemq.artemis.core.security.Role;
import org.apache.activemq.artemis.spi.core.protocol.RemotingConnection;
import org.apache.activemq.artemis.spi.core.security.ActiveMQSecurityManager4;

/**
 * Who may log in to the embedded broker, and as what: Reveille's own server connections ({@link
 * #SERVER_ROLE}: everything) and, when configured, an external producer ({@link #PRODUCER_ROLE}:
 * send to {@code reveille.notifications} only) and the peer sites' broker bridges ({@link
 * #SYNC_ROLE}: send to {@code reveille.sync.inbound} only). Password digests compared in constant
 * time; an unknown user costs the same comparison as a known one. It answers with the login's name,
 * which the broker then stamps on every message the login sends.
 */
final class BrokerUsers implements ActiveMQSecurityManager4 {

  static final String SERVER_ROLE = "reveille-server";
  static final String PRODUCER_ROLE = "reveille-producer";
  static final String SYNC_ROLE = "reveille-sync";

  private record Entry(byte[] digest, String role) {}

  private final Map<String, Entry> users = new LinkedHashMap<>();
  private final byte[] absent = digest("\u0000no such user\u0000");

  BrokerUsers add(String user, String password, String role) {
    if (users.containsKey(user)) {
      throw new IllegalArgumentException("broker user '" + user + "' is configured twice");
    }
    users.put(user, new Entry(digest(password), role));
    return this;
  }

  /** The security settings that go with these users: who may do what on which address. */
  static Map<String, Set<Role>> permissions(String notificationsAddress, String syncAddress) {
    var server = new Role(SERVER_ROLE, true, true, true, true, true, true, true, true, true, true);
    var producer =
        new Role(
            PRODUCER_ROLE, true, false, false, false, false, false, false, false, false, false);
    var permissions = new java.util.HashMap<String, Set<Role>>();
    permissions.put("#", new java.util.HashSet<>(Set.of(server)));
    permissions.put(notificationsAddress, new java.util.HashSet<>(Set.of(server, producer)));
    var sync =
        new Role(SYNC_ROLE, true, false, false, false, false, false, false, false, false, false);
    permissions.put(syncAddress, new java.util.HashSet<>(Set.of(server, sync)));
    return permissions;
  }

  /** The login the broker stamps on what this connection sends, or null when refused. */
  @Override
  public String validateUser(
      String user, String password, RemotingConnection connection, String securityDomain) {
    return find(user, password) != null ? user : null;
  }

  @Override
  public String validateUserAndRole(
      String user,
      String password,
      Set<Role> roles,
      CheckType checkType,
      String address,
      RemotingConnection connection,
      String securityDomain) {
    return validateUserAndRole(user, password, roles, checkType) ? user : null;
  }

  @Override
  public boolean validateUser(String user, String password) {
    return find(user, password) != null;
  }

  @Override
  public boolean validateUserAndRole(
      String user, String password, Set<Role> roles, CheckType checkType) {
    var entry = find(user, password);
    if (entry == null || roles == null) {
      return false;
    }
    for (var role : roles) {
      if (role.getName().equals(entry.role()) && checkType.hasRole(role)) {
        return true;
      }
    }
    return false;
  }

  private Entry find(String user, String password) {
    var entry = user == null ? null : users.get(user);
    var given = digest(password == null ? "" : password);
    var matches = MessageDigest.isEqual(entry == null ? absent : entry.digest(), given);
    return entry != null && matches && password != null ? entry : null;
  }

  private static byte[] digest(String password) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(password.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
