package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirectoryTest {

  @TempDir Path temp;

  private static String permissions(Path path) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }

  @Test
  void aDataDirectoryAnOlderReleaseLeftOpenIsMadePrivateWithItsSecretsAndKeyStore()
      throws Exception {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    var open = PosixFilePermissions.fromString("rwxr-xr-x");
    var data = Files.createDirectory(temp.resolve("data"));
    var secrets = Files.createDirectory(data.resolve("secrets"));
    var security = Files.createDirectory(data.resolve("security"));
    var keyStore = Files.writeString(security.resolve("key.p12"), "x");
    var derby = Files.createDirectory(data.resolve("derby"));
    for (var dir : List.of(data, secrets, security, derby)) {
      Files.setPosixFilePermissions(dir, open);
    }
    Files.setPosixFilePermissions(keyStore, PosixFilePermissions.fromString("rw-r--r--"));

    assertEquals(List.of(data, secrets, security, keyStore), DataDirectory.makePrivate(data));

    assertEquals("rwx------", permissions(data));
    assertEquals("rwx------", permissions(secrets));
    assertEquals("rwx------", permissions(security));
    assertEquals("rw-------", permissions(keyStore));
    assertEquals("rwxr-xr-x", permissions(derby), "inside a private directory, left as it is");
    assertEquals(List.of(), DataDirectory.makePrivate(data), "nothing left to narrow");
  }

  @Test
  void aNewDataDirectoryIsCreatedPrivateByItsLock() throws Exception {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    var data = temp.resolve("home").resolve(".reveille");
    try (var lock = DataDirectoryLock.acquire(data, "node a")) {
      assertEquals("rwx------", permissions(data));
      assertEquals("rwx------", permissions(data.getParent()));
    }
  }
}
