package io.reveille.security.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.reveille.testing.Api;
import io.reveille.testing.Poll;
import io.reveille.testing.SameOnEveryStack;
import io.reveille.testing.ServerLogs;
import io.reveille.testing.TestIdentities;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Password guessing through the real server. The guesser is another client than every other test:
 * its connections leave from {@value #GUESSER} (Linux routes all of 127.0.0.0/8 to the loopback
 * interface, where the test server listens on 127.0.0.1), so the server sees a client address of
 * its own; it guesses the password of a user no other test signs in as ({@link
 * TestIdentities#THROTTLED}). The test server's waits are short (the pom's {@code
 * REVEILLE_LOGIN_THROTTLE_*}): 50 ms doubling, held up to 500 ms.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
// The throttle lives in the application's memory: no database or broker is involved.
@SameOnEveryStack
class LoginThrottleIT {

  private static final String GUESSER = "127.0.0.2";
  private static final long DELAY_MILLIS = Long.getLong("reveille.it.loginThrottleDelayMillis", 50);

  private final URI base =
      URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181"));

  @Test
  void twentyWrongPasswordsSlowDownThenGet429WhileTheRealUserSignsInFromAnotherClient() {
    assumeTrue(
        loopbackAliasWorks(), GUESSER + " is not a loopback address here (Linux has all of /8)");
    var wrong = TestIdentities.basic(TestIdentities.THROTTLED, "not-the-password-at-all");

    var attempts = 0;
    long slowedFrom = 0;
    Answer first429 = null;
    while (attempts < 20 && first429 == null) {
      if (attempts == 2) {
        slowedFrom = System.nanoTime();
      }
      var answer = fromGuesser(wrong);
      attempts++;
      if (answer.status() == 429) {
        first429 = answer;
      } else {
        assertEquals(401, answer.status(), answer::toString);
      }
    }
    var slowed = Duration.ofNanos(System.nanoTime() - slowedFrom);

    assertTrue(first429 != null, "20 wrong passwords in a row and no 429");
    // Three failures are free; then each check waits 50, 100, 200, 400 ms after the one before,
    // and only a wait beyond the hold (800 ms) is refused: at least 7 failures, and the checks from
    // the third to the seventh spread over at least 750 ms however fast the client sends.
    assertTrue(attempts - 1 >= 7, "a 429 after only " + (attempts - 1) + " failures");
    assertTrue(
        slowed.toMillis() >= 15 * DELAY_MILLIS,
        "the failures after the free ones were not slowed: " + slowed.toMillis() + " ms");
    var retryAfter = first429.header("retry-after").map(Long::parseLong).orElse(0L);
    assertTrue(retryAfter >= 1, first429::toString);
    assertTrue(first429.head().contains("application/problem+json"), first429::toString);
    assertTrue(first429.body().contains("too many failed sign-ins"), first429::toString);

    var rightFromGuesser = fromGuesser(TestIdentities.basicThrottled());
    assertEquals(
        429,
        rightFromGuesser.status(),
        "while refused, even the right password is not checked: " + rightFromGuesser);
    var metrics = fromGuesser(TestIdentities.basicThrottled(), "/metrics");
    assertEquals(
        429, metrics.status(), "the servlets beside the API are throttled alike: " + metrics);
    assertTrue(metrics.header("retry-after").isPresent(), metrics::toString);

    var realUser = new Api().as(TestIdentities.basicThrottled()).get("/api/me");
    assertEquals(200, realUser.status(), "the real user signs in from another client at once");
    assertEquals(TestIdentities.THROTTLED, realUser.json().getString("name"), realUser::toString);

    for (; attempts < 20; attempts++) {
      var answer = fromGuesser(wrong);
      assertTrue(answer.status() == 429 || answer.status() == 401, answer::toString);
    }

    var logs = ServerLogs.ofTestServer();
    Poll.until(
        Duration.ofSeconds(10),
        () ->
            ServerLogs.mention(
                logs,
                "Failed sign-in as \"" + TestIdentities.THROTTLED + "\" from \"" + GUESSER + "\""));
  }

  private record Answer(int status, String head, String body) {
    Optional<String> header(String name) {
      return head.lines()
          .filter(line -> line.toLowerCase(Locale.ROOT).startsWith(name + ":"))
          .map(line -> line.substring(name.length() + 1).strip())
          .findFirst();
    }
  }

  /** {@code GET /api/me} over a connection from {@value #GUESSER}. */
  private Answer fromGuesser(String authorization) {
    return fromGuesser(authorization, "/api/me");
  }

  private Answer fromGuesser(String authorization, String path) {
    try (var socket = new Socket()) {
      socket.bind(new InetSocketAddress(GUESSER, 0));
      socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 10_000);
      socket.setSoTimeout(30_000);
      var request =
          "GET "
              + path
              + " HTTP/1.1\r\nHost: "
              + base.getHost()
              + ":"
              + base.getPort()
              + "\r\nAuthorization: "
              + authorization
              + "\r\nConnection: close\r\n\r\n";
      socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      var response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      var split = response.indexOf("\r\n\r\n");
      var head = split < 0 ? response : response.substring(0, split);
      var status = Integer.parseInt(head.substring(9, 12));
      return new Answer(status, head, split < 0 ? "" : response.substring(split + 4));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean loopbackAliasWorks() {
    try (var socket = new Socket()) {
      socket.bind(new InetSocketAddress(InetAddress.getByName(GUESSER), 0));
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
