package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The running test server's data directory (its server directory, in the tests) is its account's
 * alone, and so is the TLS key store Liberty generated in it before the application started.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class DataDirectoryIT {

  private final Path data =
      Path.of(System.getProperty("reveille.it.wlp", "target/liberty/wlp"))
          .resolve("usr/servers")
          .resolve(System.getProperty("reveille.it.server", "reveille-it"));

  private static String permissions(Path path) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }

  @Test
  void theDataDirectoryIsTheServerAccountsAloneAndSoIsTheGeneratedKeyStore() throws Exception {
    assertTrue(Files.isRegularFile(data.resolve(DataDirectoryLock.FILE)), "the data directory");
    assertEquals("rwx------", permissions(data));
    var keyStore = data.resolve("security/key.p12");
    assertTrue(Files.isRegularFile(keyStore), keyStore::toString);
    assertEquals("rw-------", permissions(keyStore));
    assertEquals("rwx------", permissions(keyStore.getParent()));
  }
}
