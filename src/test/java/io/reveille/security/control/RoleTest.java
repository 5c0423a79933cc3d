package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoleTest {

  @Test
  void anAdministratorHoldsEveryRoleAndAnOperatorAlsoViews() {
    assertEquals(EnumSet.allOf(Role.class), Role.fromGroups(List.of("admin")));
    assertEquals(Set.of(Role.OPERATOR, Role.VIEWER), Role.fromGroups(List.of("operator")));
    assertEquals(Set.of(Role.VIEWER), Role.fromGroups(List.of("viewer")));
    assertEquals(Set.of(Role.PRODUCER), Role.fromGroups(List.of("producer")));
  }

  @Test
  void groupsThatNameNoRoleBringNoneAndNamesAreExact() {
    assertEquals(Set.of(), Role.fromGroups(List.of("Admin", "ADMIN", "admins", "staff", "")));
    assertEquals(
        Set.of(Role.VIEWER, Role.PRODUCER),
        Role.fromGroups(List.of("staff", "viewer", "producer")));
  }
}
