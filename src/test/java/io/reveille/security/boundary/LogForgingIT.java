package io.reveille.security.boundary;

import static org.junit.jupiter.api.Assertions.assertFalse;

import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import io.reveille.testing.ServerLogs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An identifier from outside cannot forge a log line: a producer's batch id holding a line break
 * and a fake log line reaches the server's log (a duplicate batch is logged with its id) escaped,
 * on the line that quotes it.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LogForgingIT {

  private final Api api = new Api();
  private final Path logs = ServerLogs.ofTestServer();

  @Test
  void aBatchIdWithALineBreakStaysOnItsLogLine() throws IOException {
    var marker = "forged-" + UUID.randomUUID();
    var batchId = "b-" + UUID.randomUUID() + "\n[01/01/26, 0:00:00:000 UTC] " + marker;
    var escapedId = batchId.replace("\n", "\\n");
    var batch =
        "{\"schemaVersion\":1,\"batchId\":\""
            + batchId.replace("\n", "\\n")
            + "\",\"tokens\":[\"x-"
            + UUID.randomUUID()
            + "\"]}";

    Broker.sendNotification(batch);
    Broker.sendNotification(batch); // the duplicate is logged with its id
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> ServerLogs.mention(logs, escapedId + "\" already recorded"));

    var log = new String(Files.readAllBytes(logs.resolve("messages.log")), StandardCharsets.UTF_8);
    assertFalse(
        log.lines().anyMatch(line -> line.startsWith("[01/01/26, 0:00:00:000 UTC] " + marker)),
        "a line of the log was forged");
  }
}
