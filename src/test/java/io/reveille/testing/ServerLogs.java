package io.reveille.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The test server's logs directory (messages, trace, FFDC files), read as it stands. */
public final class ServerLogs {

  private ServerLogs() {}

  /** The logs directory of the integration tests' server, as the test client sees it. */
  public static Path ofTestServer() {
    return Path.of(System.getProperty("reveille.it.wlp", "target/liberty/wlp"))
        .resolve("usr/servers")
        .resolve(System.getProperty("reveille.it.server", "reveille-it"))
        .resolve("logs");
  }

  /**
   * Where each secret appears under {@code logs}: "{@code <what> in <file>}" for every file holding
   * the value of an entry of {@code secrets} (what it is → the value); empty when none does.
   */
  public static List<String> leaks(Path logs, Map<String, String> secrets) {
    var leaks = new ArrayList<String>();
    try (var files = Files.walk(logs)) {
      for (var file : files.filter(Files::isRegularFile).toList()) {
        var text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        secrets.forEach(
            (what, value) -> {
              if (text.contains(value)) {
                leaks.add(what + " in " + logs.relativize(file));
              }
            });
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return leaks;
  }

  /** How often {@code text} appears in the files under {@code logs}, all together. */
  public static int occurrences(Path logs, String text) {
    var count = 0;
    try (var files = Files.walk(logs)) {
      for (var file : files.filter(Files::isRegularFile).toList()) {
        var content = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        for (var at = content.indexOf(text); at >= 0; at = content.indexOf(text, at + 1)) {
          count++;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return count;
  }

  /** Whether any file under {@code logs} holds {@code text}. */
  public static boolean mention(Path logs, String text) {
    return !leaks(logs, Map.of(text, text)).isEmpty();
  }
}
