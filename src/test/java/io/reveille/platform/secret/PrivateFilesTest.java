package io.reveille.platform.secret;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The permissions of what the server keeps for itself, on the POSIX file system it runs on. */
class PrivateFilesTest {

  @TempDir Path temp;

  @BeforeEach
  void posix() {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
  }

  private static String permissions(Path path) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }

  @Test
  void aSecretIsWrittenOwnerOnlyIntoDirectoriesCreatedOwnerOnly() throws Exception {
    var data = temp.resolve("data");
    var file = data.resolve("secrets").resolve("admin-password");

    PrivateFiles.write(file, "s3cret-s3cret-s3cret");

    assertEquals("rw-------", permissions(file));
    assertEquals("rwx------", permissions(file.getParent()));
    assertEquals("rwx------", permissions(data), "a missing parent is created private too");
    assertEquals("s3cret-s3cret-s3cret", PrivateFiles.read(file, 8).orElseThrow());
  }

  @Test
  void aDirectoryIsCreatedOwnerOnlyAndAnOpenOneIsNarrowed() throws Exception {
    var created = temp.resolve("new").resolve("data");
    assertFalse(PrivateFiles.privateDirectory(created));
    assertEquals("rwx------", permissions(created));

    var open = Files.createDirectory(temp.resolve("open"));
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
    assertTrue(PrivateFiles.privateDirectory(open));
    assertEquals("rwx------", permissions(open));
    assertFalse(PrivateFiles.privateDirectory(open), "already private");
  }

  @Test
  void aFileOthersCouldReadIsNarrowedToItsOwnersReadAndWrite() throws Exception {
    var file = Files.writeString(temp.resolve("key.p12"), "x");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    assertTrue(PrivateFiles.restrictToOwner(file));
    assertEquals("rw-------", permissions(file));
    assertFalse(PrivateFiles.restrictToOwner(file));
    assertFalse(PrivateFiles.restrictToOwner(temp.resolve("missing")));
  }
}
