package io.reveille.security.control;

import io.reveille.platform.wire.LowerCaseWire;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Who sent a request, as the authentication mechanism established it: the principal's name, the
 * roles it holds (already expanded, see {@link Role#implied()}), how it proved who it is, until
 * when the server accepts the credential it presented (a token's expiry; a password has none), and
 * for a console session token, the console session it belongs to.
 */
public record Caller(
    String name,
    Set<Role> roles,
    Mechanism mechanism,
    Optional<Instant> acceptedUntil,
    Optional<ConsoleSession> consoleSession) {

  /** How the caller proved who it is, as the audit trail records it. */
  public enum Mechanism implements LowerCaseWire {
    /** HTTP Basic: a built-in user's password. */
    BASIC,
    /** A bearer JWT of the configured identity provider. */
    BEARER,
    /** A console session token this server issued for a password (see {@link SessionTokens}). */
    SESSION;
  }

  /**
   * The console session a session token belongs to: its id (what sign-out revokes) and the moment
   * past which it cannot be renewed.
   */
  public record ConsoleSession(String id, Instant renewableUntil) {
    public ConsoleSession {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(renewableUntil, "renewableUntil");
    }
  }

  /** A caller whose credential does not expire (a password). */
  public Caller(String name, Set<Role> roles, Mechanism mechanism) {
    this(name, roles, mechanism, Optional.empty(), Optional.empty());
  }

  public Caller {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(mechanism, "mechanism");
    roles = Set.copyOf(roles);
    Objects.requireNonNull(acceptedUntil, "acceptedUntil");
    Objects.requireNonNull(consoleSession, "consoleSession");
    if (consoleSession.isPresent() != (mechanism == Mechanism.SESSION)) {
      throw new IllegalArgumentException("a console session belongs to a session token only");
    }
  }

  /**
   * The principal names a setting lists, comma-separated, to be compared exactly: a name differs
   * from another in case alone (an identity provider's subjects are case-sensitive), and matching
   * in any case could let one caller pass for another.
   */
  public static Set<String> listed(String setting) {
    return Arrays.stream(setting.split(","))
        .map(String::strip)
        .filter(name -> !name.isEmpty())
        .collect(Collectors.toUnmodifiableSet());
  }

  public boolean holds(Role role) {
    return roles.contains(role);
  }
}
