package io.reveille.platform.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code jakarta.json.Json}'s factory methods look the provider up anew on every call (a service
 * lookup through the class loader, visible in every profile of a busy server); product code uses
 * the provider {@link JsonDocuments#provider()} looked up once.
 */
class JsonProviderUseTest {

  private static final Pattern LOOKUP_PER_CALL = Pattern.compile("(?<![\\w.])Json\\.create\\w*\\(");

  @Test
  void productCodeNeverLooksTheProviderUpPerCall() throws IOException {
    List<String> offenders;
    try (var files = Files.walk(Path.of("src", "main", "java"))) {
      offenders =
          files
              .filter(file -> file.toString().endsWith(".java"))
              .filter(JsonProviderUseTest::looksUpPerCall)
              .map(Path::toString)
              .sorted()
              .toList();
    }
    assertEquals(List.of(), offenders, "use JsonDocuments.provider() instead of Json.createXxx");
  }

  private static boolean looksUpPerCall(Path file) {
    try {
      var code =
          Files.readString(file)
              .replaceAll("(?s)/\\*.*?\\*/", "")
              .replace("jakarta.json.Json.", "Json.");
      return LOOKUP_PER_CALL.matcher(code).find();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
