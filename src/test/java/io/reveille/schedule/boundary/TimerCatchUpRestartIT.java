package io.reveille.schedule.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.ClassOrder;
import io.reveille.testing.LibertyServer;
import io.reveille.testing.Poll;
import io.reveille.testing.SameOnEveryStack;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A real stop and start of a real server: a timer whose firings fall while the server is down fires
 * once at start-up — promptly, not at the next firing — as one {@code timerCatchup} wake that names
 * every missed firing, runs once, and the timer continues on schedule.
 *
 * <p>Not an Arquillian test: Arquillian keeps one server up for the whole suite, so this test
 * drives a server of its own ({@code reveille-restart}: Derby, embedded broker, own ports) with the
 * installation's {@code server} script. It mostly waits for firings, so it runs beside the
 * Arquillian classes rather than after them.
 *
 * <p>Its server is Derby and the embedded broker whatever the environment says, so a pass on
 * another stack would only repeat it.
 */
@SameOnEveryStack
@Execution(ExecutionMode.CONCURRENT)
@Order(ClassOrder.TIMER_CATCH_UP)
class TimerCatchUpRestartIT {

  private static final Logger LOG = Logger.getLogger(TimerCatchUpRestartIT.class.getName());

  private static final Duration EVERY = Duration.ofSeconds(10);
  private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

  @Test
  void firingsMissedWhileTheServerWasDownRunOnceAsOneCatchUpAtStartUp() throws IOException {
    var environment = LibertyServer.ownEnvironment();
    environment.put("REVEILLE_TIMER_MIN_INTERVAL_SECONDS", "5");
    // Its ports, as an operator gives them to the README's run command: in the environment.
    var httpPort = System.getProperty("reveille.it.restartHttpPort", "9281");
    var httpsPort = System.getProperty("reveille.it.restartHttpsPort", "9643");
    var brokerPort = System.getProperty("reveille.it.restartBrokerPort", "61636");
    environment.put("HTTP_PORT", httpPort);
    environment.put("HTTPS_PORT", httpsPort);
    environment.put("REVEILLE_BROKER_PORT", brokerPort);
    var server = LibertyServer.restartServer(environment);
    // No administrator password is configured: the server generates one on its first start and
    // must keep it across the restart below.
    var api = new Api(server.baseUri(), server::generatedAdminAuthorization);
    var agents = new Agents(api);
    String agentId = null;
    try {
      try {
        server.start(START_TIMEOUT);
      } catch (AssertionError notReady) {
        throw new AssertionError(
            "not ready on HTTP_PORT "
                + httpPort
                + "; where it listens: "
                + linesOf(server.outputDir().resolve("logs/messages.log"), "CWWKO0219I"),
            notReady);
      }
      assertListensOnlyOn(server, httpPort, httpsPort, brokerPort);
      agentId = agents.createCustom("Catch-up");
      var anchor = Instant.now().plusSeconds(5).truncatedTo(ChronoUnit.SECONDS);
      var created =
          api.post(
              "/api/agents/" + agentId + "/timers",
              "{\"schedule\":{\"kind\":\"interval\",\"everySeconds\":"
                  + EVERY.toSeconds()
                  + ",\"anchor\":\""
                  + anchor
                  + "\"}}");
      assertEquals(201, created.status(), created::toString);

      var id = agentId;
      await()
          .atMost(Duration.ofSeconds(40))
          .until(() -> agents.completedRuns(id, "timer").size() >= 1);
      var ranBeforeStop = agents.completedRuns(agentId, "timer");
      server.stop();
      var stoppedAt = Instant.now();
      var lastRan =
          ranBeforeStop.stream()
              .map(run -> Instant.parse(run.getString("scheduledAt")))
              .max(Instant::compareTo)
              .orElseThrow();
      LOG.info("Stopped at " + stoppedAt + "; last firing that ran: " + lastRan);

      // Down across at least two firings. No sentinel can stand in for this wait: the firings
      // must fall due in real time while no server is running.
      Poll.pause(
          Duration.between(Instant.now(), lastRan.plus(EVERY.multipliedBy(2)).plusSeconds(5)));
      var passwordBefore = Files.readString(server.generatedAdminPasswordFile());
      var readyAt = server.start(START_TIMEOUT);
      assertEquals(
          passwordBefore,
          Files.readString(server.generatedAdminPasswordFile()),
          "the generated administrator password survives a restart");
      if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
        assertEquals(
            "rw-------",
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(server.generatedAdminPasswordFile())),
            "only the server's own account may read the generated password");
      }

      await()
          .atMost(Duration.ofSeconds(90))
          .until(() -> agents.completedRuns(id, "timerCatchup").size() >= 1);
      var catchUps = agents.runs(agentId, "timerCatchup");
      assertEquals(1, catchUps.size(), "one catch-up for all missed firings: " + catchUps);
      var catchUp = catchUps.get(0);
      var firstMissed = Instant.parse(catchUp.getString("scheduledAt"));
      var lastMissed = Instant.parse(catchUp.getString("scheduledUntil"));
      var count = catchUp.getJsonNumber("firings").longValue();
      var createdAt = Instant.parse(catchUp.getString("createdAt"));
      LOG.info(
          "Ready at "
              + readyAt
              + "; catch-up of "
              + count
              + " firings "
              + firstMissed
              + ".."
              + lastMissed
              + " enqueued at "
              + createdAt);
      // A firing may still have run while the server was stopping: count from the last that ran.
      var lastRanBeforeDowntime =
          agents.completedRuns(agentId, "timer").stream()
              .map(run -> Instant.parse(run.getString("scheduledAt")))
              .filter(at -> at.isBefore(firstMissed))
              .max(Instant::compareTo)
              .orElseThrow();
      assertEquals(
          lastRanBeforeDowntime.plus(EVERY),
          firstMissed,
          "starts at the first firing that did not run");
      assertTrue(count >= 2, "the server was down across two firings: " + count);
      assertEquals(firstMissed.plus(EVERY.multipliedBy(count - 1)), lastMissed);
      // The due firings are computed a moment before the run's row is written, so on a loaded
      // machine the next firing may fall due in between (by 6 ms once): it is not the catch-up's
      // but an ordinary timer wake, which the check below waits for. No gap, no overlap.
      assertTrue(!createdAt.isBefore(lastMissed), "the catch-up comes after its last firing");
      assertTrue(
          createdAt.isBefore(readyAt.plusSeconds(30)), "promptly after start-up: " + createdAt);
      assertEquals(1, catchUp.getInt("attempts"), "ran once");

      // And on schedule again: the next firing after the catch-up is an ordinary timer wake.
      var next = lastMissed.plus(EVERY);
      await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  agents.completedRuns(id, "timer").stream()
                      .anyMatch(run -> Instant.parse(run.getString("scheduledAt")).equals(next)));
      var scheduled =
          agents.runs(agentId).stream()
              .map(JsonValue::asJsonObject)
              .map(run -> Optional.ofNullable(run.getString("scheduledAt", null)))
              .flatMap(Optional::stream)
              .toList();
      assertEquals(
          scheduled.size(), scheduled.stream().distinct().count(), "no firing twice: " + scheduled);
    } finally {
      if (agentId != null) {
        try {
          api.post("/api/agents/" + agentId + "/destroy", "");
        } catch (RuntimeException e) {
          LOG.warning("Could not destroy the test agent: " + e);
        }
      }
      server.stopOrKill();
    }
  }

  /**
   * The server's ports are the environment's, not the defaults (9080, 9443, 61616): its bootstrap
   * properties are those the README's run command gives its server ({@code liberty:run}, the
   * plugin's configuration without an execution's), which win over the environment for any setting
   * they name. Read in the log of this start, where the server says what it listens on.
   */
  private static void assertListensOnlyOn(
      LibertyServer server, String httpPort, String httpsPort, String brokerPort)
      throws IOException {
    var log = server.outputDir().resolve("logs").resolve("messages.log");
    var http = "CWWKO0219I: TCP Channel defaultHttpEndpoint has been started";
    var https = "CWWKO0219I: TCP Channel defaultHttpEndpoint-ssl has been started";
    var broker = "AMQ221020: Started ";
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> linesOf(log, https).size() == 1 && linesOf(log, http).size() == 1);
    var httpLines = linesOf(log, http);
    var httpsLines = linesOf(log, https);
    var brokerLines = linesOf(log, broker);
    assertTrue(httpLines.get(0).endsWith(" port " + httpPort + "."), httpLines::toString);
    assertTrue(httpsLines.get(0).endsWith(" port " + httpsPort + "."), httpsLines::toString);
    assertTrue(
        brokerLines.stream().anyMatch(line -> line.contains(":" + brokerPort + " for protocols")),
        brokerLines::toString);
    assertTrue(
        brokerLines.stream().noneMatch(line -> line.contains(":61616 ")), brokerLines::toString);
  }

  private static List<String> linesOf(Path log, String text) throws IOException {
    try (var lines = Files.lines(log, StandardCharsets.ISO_8859_1)) {
      return lines.filter(line -> line.contains(text)).toList();
    }
  }
}
