package io.reveille.messaging.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerCredentialsTest {

  @Test
  void theGeneratedServerUserCannotBeGuessedAndStaysTheSameAcrossRestarts(@TempDir Path dir)
      throws Exception {
    var file = dir.resolve("server-user");
    var user = ServerCredentials.userIn(file);

    assertTrue(user.startsWith(ServerCredentials.USER_PREFIX), user);
    assertTrue(user.matches("reveille-[A-Za-z0-9_-]{16}"), user);
    assertNotEquals(user, ServerCredentials.userIn(dir.resolve("another-server-user")));
    assertEquals(user, ServerCredentials.userIn(file), "the same login after a restart");
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
  }
}
