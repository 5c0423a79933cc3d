package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.MovableClock;
import io.reveille.testing.TestIdentities;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class AuthenticationTest {

  private final UserDirectory users =
      UserDirectory.builder().add("root", "administrator-secret", Role.ADMIN).build();
  private final Optional<JwtVerifier> verifier =
      Optional.of(
          new JwtVerifier(
              new JwtVerifier.Settings(
                  TestIdentities.ISSUER,
                  Set.of(TestIdentities.AUDIENCE),
                  JwtVerifier.Algorithm.RS256,
                  Duration.ofSeconds(60)),
              TrustedKeys.parse(TestIdentities.publicKeyPem(), JwtVerifier.Algorithm.RS256),
              Clock.systemUTC()));

  @Test
  void basicAndBearerEachNameTheirCaller() {
    var basic =
        Authentication.authenticate(
            TestIdentities.basic("root", "administrator-secret"), users, verifier);
    assertEquals("root", basic.caller().orElseThrow().name());
    var bearer =
        Authentication.authenticate(
            TestIdentities.token("tess", "viewer").bearer(), users, verifier);
    assertEquals(TestIdentities.ISSUER + "#tess", bearer.caller().orElseThrow().name());
    assertEquals(Set.of(Role.VIEWER), bearer.caller().orElseThrow().roles());
  }

  @Test
  void aSessionTokenGoesToTheSessionCheckAndAnIdentityProvidersTokenNeverDoes() {
    var codec =
        new SessionTokenCodec(
            "0123456789abcdef0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.UTF_8),
            Clock.systemUTC());
    var session =
        new Caller.ConsoleSession(
            java.util.UUID.randomUUID().toString(), java.time.Instant.now().plusSeconds(3600));
    var token =
        codec
            .issue(
                "root",
                Role.ADMIN.implied(),
                session,
                java.time.Instant.now().plusSeconds(60),
                "fingerprint")
            .token();
    var checked = new java.util.ArrayList<String>();
    Authentication.SessionCheck sessions =
        presented -> {
          checked.add(presented);
          return codec.verify(presented).caller();
        };

    var signedIn = Authentication.authenticate("Bearer " + token, users, verifier, sessions);
    assertEquals(Caller.Mechanism.SESSION, signedIn.caller().orElseThrow().mechanism());
    var external =
        Authentication.authenticate(
            TestIdentities.token("tess", "viewer").bearer(), users, verifier, sessions);
    assertEquals(Caller.Mechanism.BEARER, external.caller().orElseThrow().mechanism());
    assertEquals(java.util.List.of(token), checked);

    var withoutSessions = Authentication.authenticate("Bearer " + token, users, verifier);
    assertTrue(withoutSessions.bearerRefused());
    assertTrue(withoutSessions.failure().orElseThrow().contains("no session tokens"));
  }

  @Test
  void everyRefusalSaysWhyAndMarksARefusedToken() {
    var none = Authentication.authenticate(null, users, verifier);
    assertTrue(none.caller().isEmpty() && none.failure().isEmpty());

    var wrong =
        Authentication.authenticate(TestIdentities.basic("root", "guess-guess-1"), users, verifier);
    assertEquals(Optional.of("the user name or password is wrong"), wrong.failure());
    assertFalse(wrong.bearerRefused());

    var stranger =
        Authentication.authenticate(
            TestIdentities.token("tess", "admin").signedByStranger().bearer(), users, verifier);
    assertTrue(stranger.failure().orElseThrow().contains("signature"));
    assertTrue(stranger.bearerRefused());

    var noKey =
        Authentication.authenticate(
            TestIdentities.token("tess", "admin").bearer(), users, Optional.empty());
    assertTrue(noKey.failure().orElseThrow().contains("no verification key"));

    var malformed = Authentication.authenticate("Negotiate abc", users, verifier);
    assertTrue(malformed.failure().orElseThrow().contains("Basic or Bearer"));
  }

  @Test
  void wrongPasswordsAreHeldThenRefusedWithoutCheckingWhileAnotherClientSignsIn() {
    var clock = new MovableClock(Instant.parse("2026-11-28T12:00:00Z"));
    var throttle =
        new LoginThrottle(
            new LoginThrottleConfig.Settings(
                3,
                20,
                Duration.ofMillis(250),
                Duration.ofMinutes(15),
                Duration.ofSeconds(2),
                Duration.ofMinutes(15),
                100),
            clock);
    var held = new ArrayList<Duration>();
    Authentication.Pause pause =
        hold -> {
          held.add(hold);
          clock.advance(hold);
        };
    var wrong = TestIdentities.basic("root", "guess-guess-1");
    var right = TestIdentities.basic("root", "administrator-secret");

    var statuses = new ArrayList<String>();
    for (var i = 0; i < 20; i++) {
      var result =
          Authentication.authenticate(wrong, "192.0.2.7", users, verifier, throttle, pause);
      assertTrue(result.caller().isEmpty());
      statuses.add(result.retryAfter().isPresent() ? "429" : "401");
    }
    assertEquals(List.of("401", "401", "401", "401", "401", "401", "401"), statuses.subList(0, 7));
    assertTrue(statuses.subList(7, 20).stream().allMatch("429"::equals), statuses::toString);
    assertEquals(
        List.of(
            Duration.ofMillis(250),
            Duration.ofMillis(500),
            Duration.ofSeconds(1),
            Duration.ofSeconds(2)),
        held);

    var guessedRight =
        Authentication.authenticate(right, "192.0.2.7", users, verifier, throttle, pause);
    assertEquals(
        Optional.of(Duration.ofSeconds(4)),
        guessedRight.retryAfter(),
        "the right password from the guessing client is refused unchecked: no oracle");
    assertTrue(guessedRight.failure().orElseThrow().contains("try again in 4 s"));

    var elsewhere =
        Authentication.authenticate(right, "198.51.100.1", users, verifier, throttle, pause);
    assertEquals("root", elsewhere.caller().orElseThrow().name());

    var token =
        Authentication.authenticate(
            TestIdentities.token("tess", "viewer").bearer(),
            "192.0.2.7",
            users,
            verifier,
            throttle,
            pause);
    assertTrue(token.caller().isPresent(), "bearer tokens are not password guesses");
    assertEquals(4, held.size(), "nothing else was held");
  }

  @Test
  void anIntegrationSigningInFromEightThreadsAtOnceIsNeverHeldNorRefused() throws Exception {
    var throttle =
        new LoginThrottle(
            new LoginThrottleConfig(3, 20, "PT0.25S", "PT15M", "PT2S", "PT15M", 100).settings(),
            Clock.systemUTC());
    var right = TestIdentities.basic("root", "administrator-secret");
    var held = new ConcurrentLinkedQueue<Duration>();
    var refused = new AtomicInteger();
    var start = new CountDownLatch(1);
    var pool = Executors.newFixedThreadPool(8);
    try {
      var calls = new ArrayList<Future<?>>();
      for (var thread = 0; thread < 8; thread++) {
        calls.add(
            pool.submit(
                () -> {
                  start.await();
                  for (var i = 0; i < 500; i++) {
                    var result =
                        Authentication.authenticate(
                            right, "192.0.2.7", users, verifier, throttle, held::add);
                    if (result.caller().isEmpty()) {
                      refused.incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      start.countDown();
      for (var call : calls) {
        call.get(1, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(
        0,
        held.size(),
        () -> "calls with the right password held, the first: " + held.stream().limit(5).toList());
    assertEquals(0, refused.get(), "none was refused");
    assertEquals(0, throttle.tracked(), "nothing is kept of a client whose sign-ins succeed");
  }

  @Test
  void aFailedSignInIsLoggedWithTheUserQuotedButNeverANameThatIsNoUsers() {
    var records = new ArrayList<LogRecord>();
    var handler =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            records.add(record);
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    var logger = Logger.getLogger(Authentication.class.getName());
    logger.addHandler(handler);
    try {
      var throttle =
          new LoginThrottle(
              new LoginThrottleConfig(3, 20, "PT0.25S", "PT15M", "PT2S", "PT15M", 100).settings(),
              Clock.systemUTC());
      Authentication.authenticate(
          TestIdentities.basic("root", "guess-guess-1"),
          "192.0.2.7",
          users,
          verifier,
          throttle,
          hold -> {});
      Authentication.authenticate(
          TestIdentities.basic("administrator-secret", "x"),
          "192.0.2.7\nforged line",
          users,
          verifier,
          throttle,
          hold -> {});
    } finally {
      logger.removeHandler(handler);
    }
    var lines = records.stream().map(r -> r.getMessage()).toList();
    assertEquals(2, lines.size(), lines::toString);
    assertTrue(
        lines.get(0).startsWith("Failed sign-in as \"root\" from \"192.0.2.7\": 1 in a row"),
        lines.get(0));
    assertFalse(lines.get(1).contains("administrator-secret"), lines.get(1));
    assertFalse(lines.get(1).contains("\n"), "the client address cannot forge a line");
  }
}
