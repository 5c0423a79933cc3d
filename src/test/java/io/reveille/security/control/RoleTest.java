package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
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

  @Test
  void theStrongestRoleOfAHolderSaysWhatTheyMayCause() {
    assertEquals(Optional.of(Role.ADMIN), Role.strongest(Role.fromGroups(List.of("admin"))));
    assertEquals(
        Optional.of(Role.OPERATOR), Role.strongest(Role.fromGroups(List.of("operator", "viewer"))));
    assertEquals(Optional.of(Role.PRODUCER), Role.strongest(Set.of(Role.PRODUCER)));
    assertEquals(Optional.empty(), Role.strongest(Set.of()));
    assertTrue(Role.ADMIN.covers(Role.OPERATOR));
    assertFalse(Role.OPERATOR.covers(Role.ADMIN));
  }
}
