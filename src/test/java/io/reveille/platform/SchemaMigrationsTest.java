package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SchemaMigrationsTest {

  @Test
  void listsEveryScriptInTheMigrationFolderInVersionOrder() throws IOException {
    try (var files = Files.list(Path.of("src/main/resources/db/migration"))) {
      var onDisk =
          files
              .map(path -> path.getFileName().toString())
              .filter(name -> name.endsWith(".sql"))
              .sorted((a, b) -> Integer.compare(version(a), version(b)))
              .collect(Collectors.toList());
      assertEquals(onDisk, SchemaMigrations.SCRIPTS);
    }
  }

  @Test
  void resolvesScriptsByPrefixAndSuffixAndReadsThem() throws IOException {
    var provider = new SchemaMigrations(getClass().getClassLoader());
    var resources = provider.getResources("V", new String[] {".sql"});
    assertEquals(SchemaMigrations.SCRIPTS.size(), resources.size());
    try (var reader = resources.iterator().next().read()) {
      assertNotNull(reader.read() >= 0 ? "read" : null);
    }
    assertNull(provider.getResource("V999__missing.sql"));
    assertEquals(0, provider.getResources("R", new String[] {".sql"}).size());
  }

  private static int version(String name) {
    return Integer.parseInt(name.substring(1, name.indexOf("__")).split("[._]")[0]);
  }
}
