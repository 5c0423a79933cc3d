package io.reveille.security.control;

import io.reveille.platform.wire.LowerCaseWire;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Who sent a request, as the authentication mechanism established it: the principal's name, the
 * roles it holds (already expanded, see {@link Role#implied()}) and how it proved who it is.
 */
public record Caller(String name, Set<Role> roles, Mechanism mechanism) {

  /** How the caller proved who it is, as the audit trail records it. */
  public enum Mechanism implements LowerCaseWire {
    BASIC,
    BEARER;
  }

  public Caller {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(mechanism, "mechanism");
    roles = Set.copyOf(roles);
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
