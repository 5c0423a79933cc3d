package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdminPasswordTest {

  @TempDir Path dir;

  @Test
  void withoutAConfiguredPasswordOneIsGeneratedKeptPrivateAndReused() throws Exception {
    var file = dir.resolve("secrets").resolve("admin-password");
    var first = AdminPassword.resolve(Optional.empty(), file, new SecureRandom());
    assertEquals(AdminPassword.Source.GENERATED, first.source());
    assertEquals(32, first.password().length());
    assertEquals(first.password(), Files.readString(file).strip());
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    assertFalse(first.toString().contains(first.password()), "toString never shows it");

    var again = AdminPassword.resolve(Optional.of(" "), file, new SecureRandom());
    assertEquals(AdminPassword.Source.STORED, again.source());
    assertEquals(first.password(), again.password());

    var elsewhere =
        AdminPassword.resolve(Optional.empty(), dir.resolve("other"), new SecureRandom());
    assertNotEquals(first.password(), elsewhere.password(), "random, not a default");
  }

  @Test
  void aConfiguredPasswordWinsAndMustBeLongEnough() {
    var file = dir.resolve("admin-password");
    var configured =
        AdminPassword.resolve(Optional.of("configured-secret"), file, new SecureRandom());
    assertEquals(AdminPassword.Source.CONFIGURED, configured.source());
    assertEquals("configured-secret", configured.password());
    assertFalse(Files.exists(file), "nothing is generated when a password is configured");

    var tooShort =
        assertThrows(
            IllegalArgumentException.class,
            () -> AdminPassword.resolve(Optional.of("short"), file, new SecureRandom()));
    assertTrue(tooShort.getMessage().contains("REVEILLE_ADMIN_PASSWORD"), tooShort.getMessage());
    assertFalse(tooShort.getMessage().contains("short\""), tooShort.getMessage());
  }

  @Test
  void aDamagedPasswordFileStopsTheStartInsteadOfBeingReplaced() throws Exception {
    var file = dir.resolve("admin-password");
    Files.writeString(file, "tiny\n");
    assertThrows(
        java.io.UncheckedIOException.class,
        () -> AdminPassword.resolve(Optional.empty(), file, new SecureRandom()));
    assertEquals("tiny\n", Files.readString(file));
  }
}
