package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirectoryLockTest {

  @TempDir Path temp;

  @Test
  void aSecondHolderIsRefusedWithTheDirectoryAndTheFirstHolderUntilItLetsGo() throws Exception {
    var directory = temp.resolve("data");
    try (var first = DataDirectoryLock.acquire(directory, "node a, process 1")) {
      assertTrue(Files.isRegularFile(directory.resolve(DataDirectoryLock.FILE)));
      var refused =
          assertThrows(
              IllegalStateException.class,
              () -> DataDirectoryLock.acquire(directory, "node b, process 2"));
      assertTrue(refused.getMessage().contains(directory.toString()), refused::getMessage);
      assertTrue(refused.getMessage().contains("node a, process 1"), refused::getMessage);
    }
    // Released: the next server takes it, and says so in the file.
    try (var second = DataDirectoryLock.acquire(directory, "node b, process 2")) {
      assertEquals(
          "node b, process 2", Files.readString(directory.resolve(DataDirectoryLock.FILE)).strip());
    }
  }

  @Test
  void aDirectoryThatCannotBeCreatedIsAClearFailure() throws Exception {
    var file = Files.writeString(temp.resolve("a-file"), "x");
    var failed =
        assertThrows(
            IllegalStateException.class,
            () -> DataDirectoryLock.acquire(file.resolve("data"), "x"));
    assertTrue(
        failed.getMessage().startsWith("cannot lock the data directory"), failed::getMessage);
  }
}
