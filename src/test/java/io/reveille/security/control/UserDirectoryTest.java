package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UserDirectoryTest {

  private static final Map<String, String> PASSWORDS =
      Map.of(
          UserDeclarations.passwordKey("alice"), "alice-password-1",
          UserDeclarations.passwordKey("feeder"), "feeder-password-1");

  private final UserDirectory directory =
      UserDeclarations.directory(
          "root",
          "administrator-secret",
          UserDeclarations.parse(" alice:viewer , feeder:producer,"),
          key -> Optional.ofNullable(PASSWORDS.get(key)));

  @Test
  void eachUserSignsInWithItsOwnPasswordAndGetsItsRoles() {
    var admin = directory.authenticate("root", "administrator-secret").orElseThrow();
    assertEquals(Set.of(Role.values()), admin.roles());
    assertEquals(Caller.Mechanism.BASIC, admin.mechanism());
    assertEquals(
        Set.of(Role.VIEWER),
        directory.authenticate("alice", "alice-password-1").orElseThrow().roles());
    assertEquals(
        Set.of(Role.PRODUCER),
        directory.authenticate("feeder", "feeder-password-1").orElseThrow().roles());
  }

  @Test
  void aWrongPasswordAnUnknownUserAndAnotherUsersPasswordAreRefused() {
    assertTrue(directory.authenticate("root", "administrator-secreT").isEmpty());
    assertTrue(directory.authenticate("alice", "feeder-password-1").isEmpty());
    assertTrue(directory.authenticate("mallory", "alice-password-1").isEmpty());
    assertTrue(directory.authenticate("", "").isEmpty());
  }

  @Test
  void aBadDeclarationStopsWithTheReason() {
    var noRole = assertThrows(IllegalArgumentException.class, () -> UserDeclarations.parse("bob"));
    assertTrue(noRole.getMessage().contains("'bob' must be name:role"), noRole.getMessage());
    var unknownRole =
        assertThrows(IllegalArgumentException.class, () -> UserDeclarations.parse("bob:root"));
    assertTrue(unknownRole.getMessage().contains("role 'root'"), unknownRole.getMessage());
    assertThrows(IllegalArgumentException.class, () -> UserDeclarations.parse("b b:viewer"));

    var noPassword =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                UserDeclarations.directory(
                    "admin",
                    "administrator-secret",
                    List.of(new UserDeclarations.Declared("bob", Role.VIEWER)),
                    key -> Optional.empty()));
    assertTrue(
        noPassword.getMessage().contains("reveille.user.bob.password is not set"),
        noPassword.getMessage());
    var shortPassword =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                UserDeclarations.directory(
                    "admin",
                    "administrator-secret",
                    List.of(new UserDeclarations.Declared("bob", Role.VIEWER)),
                    key -> Optional.of("short")));
    assertTrue(shortPassword.getMessage().contains("at least 12"), shortPassword.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            UserDeclarations.directory(
                "admin",
                "administrator-secret",
                List.of(new UserDeclarations.Declared("admin", Role.VIEWER)),
                key -> Optional.of("another-password")),
        "a declared user cannot take the administrator's name");
  }
}
