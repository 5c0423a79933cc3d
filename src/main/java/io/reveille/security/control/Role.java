package io.reveille.security.control;

import io.reveille.platform.wire.LowerCaseWire;
import io.reveille.platform.wire.WireEnum;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The roles an operation can require. {@code viewer} reads, {@code operator} also moves agents and
 * writes the journal, {@code admin} may do everything; {@code producer} may only post notification
 * batches. Roles are cumulative: a caller in {@code admin} is also an operator, a viewer and a
 * producer; a caller in {@code operator} is also a viewer.
 */
public enum Role implements LowerCaseWire {
  VIEWER,
  OPERATOR,
  ADMIN,
  PRODUCER;

  /** Every role a member of this one holds, itself included. */
  public Set<Role> implied() {
    return switch (this) {
      case ADMIN -> EnumSet.allOf(Role.class);
      case OPERATOR -> EnumSet.of(OPERATOR, VIEWER);
      case VIEWER -> EnumSet.of(VIEWER);
      case PRODUCER -> EnumSet.of(PRODUCER);
    };
  }

  /**
   * The roles a caller in {@code groups} holds: each group naming a role brings that role and the
   * roles it implies; other groups (a directory's own, a token's unrelated claims) bring none.
   */
  public static Set<Role> fromGroups(Collection<String> groups) {
    var roles = EnumSet.noneOf(Role.class);
    for (var group : groups) {
      WireEnum.find(Role.class, group).ifPresent(role -> roles.addAll(role.implied()));
    }
    return roles;
  }

  /**
   * The strongest role of {@code held}, the one that says most about what its holder may do: admin,
   * then operator, viewer, producer.
   */
  public static Optional<Role> strongest(Collection<Role> held) {
    return Stream.of(ADMIN, OPERATOR, VIEWER, PRODUCER).filter(held::contains).findFirst();
  }

  /** Whether a holder of this role may do what {@code needed} allows. */
  public boolean covers(Role needed) {
    return implied().contains(needed);
  }
}
