package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

  private static final Instant T0 = Instant.parse("2026-11-28T12:00:00Z");
  private static final String GUESSER = "198.51.100.7";
  private static final String OFFICE = "203.0.113.20";

  private final MovableClock clock = new MovableClock(T0);

  /** 3 failures free, then 250 ms doubling up to 15 min; held up to 2 s; a client may fail 20. */
  private static LoginThrottleConfig.Settings settings(int clientFailures, int tracked) {
    return new LoginThrottleConfig.Settings(
        3,
        clientFailures,
        Duration.ofMillis(250),
        Duration.ofMinutes(15),
        Duration.ofSeconds(2),
        Duration.ofMinutes(15),
        tracked);
  }

  private final LoginThrottle throttle = new LoginThrottle(settings(20, 10_000), clock);

  private int guesses;

  /** A password no attempt before presented: each call is a new guess. */
  private String guess() {
    return "guess-" + guesses++;
  }

  /** One attempt that fails, taken as a client would: waiting out any hold it is given. */
  private LoginThrottle.Verdict fail(String client, String user) {
    var verdict = throttle.attempt(client, user, guess());
    if (verdict instanceof LoginThrottle.Check check) {
      clock.advance(check.hold());
      throttle.failed(check.ticket());
    }
    return verdict;
  }

  @Test
  void wrongPasswordsInARowAreAnsweredAtOnceThenHeldLongerEachTimeThenRefused() {
    var holds = new ArrayList<Duration>();
    LoginThrottle.Verdict verdict;
    do {
      verdict = fail(GUESSER, "bob");
      if (verdict instanceof LoginThrottle.Check check) {
        holds.add(check.hold());
      }
    } while (verdict instanceof LoginThrottle.Check && holds.size() < 20);

    assertEquals(
        java.util.List.of(
            Duration.ZERO,
            Duration.ZERO,
            Duration.ZERO,
            Duration.ofMillis(250),
            Duration.ofMillis(500),
            Duration.ofSeconds(1),
            Duration.ofSeconds(2)),
        holds,
        "three failures free, then each attempt waits twice as long as the one before");
    var refused = assertInstanceOf(LoginThrottle.Refuse.class, verdict);
    assertEquals(Duration.ofSeconds(4), refused.retryAfter(), "a wait beyond the hold is a 429");

    clock.advance(Duration.ofSeconds(1));
    var again =
        assertInstanceOf(LoginThrottle.Refuse.class, throttle.attempt(GUESSER, "bob", guess()));
    assertEquals(Duration.ofSeconds(3), again.retryAfter(), "a refusal does not extend the wait");

    clock.advance(Duration.ofSeconds(3));
    var afterWait =
        assertInstanceOf(LoginThrottle.Check.class, throttle.attempt(GUESSER, "bob", guess()));
    assertEquals(Duration.ZERO, afterWait.hold());
    var failure = throttle.failed(afterWait.ticket());
    assertEquals(8, failure.inARow());
    assertEquals(Duration.ofSeconds(8), failure.nextWait());
  }

  @Test
  void theRealUserSignsInFromAnotherClientWhileTheGuesserIsRefused() {
    for (var i = 0; i < 20; i++) {
      fail(GUESSER, "bob");
    }
    assertInstanceOf(LoginThrottle.Refuse.class, throttle.attempt(GUESSER, "bob", guess()));

    var fromOffice =
        assertInstanceOf(LoginThrottle.Check.class, throttle.attempt(OFFICE, "bob", guess()));
    assertEquals(Duration.ZERO, fromOffice.hold(), "another client is not slowed at all");
    throttle.succeeded(fromOffice.ticket());

    assertInstanceOf(
        LoginThrottle.Refuse.class,
        throttle.attempt(GUESSER, "bob", guess()),
        "the real user's success elsewhere does not free the guesser");
    var otherUser =
        assertInstanceOf(LoginThrottle.Check.class, throttle.attempt(GUESSER, "carol", guess()));
    assertEquals(Duration.ZERO, otherUser.hold(), "the guesser's other users are not slowed yet");
  }

  @Test
  void aSuccessClearsItsUserFromItsClient() {
    for (var i = 0; i < 5; i++) {
      fail(OFFICE, "bob");
    }
    var held =
        assertInstanceOf(LoginThrottle.Check.class, throttle.attempt(OFFICE, "bob", guess()));
    assertTrue(held.hold().compareTo(Duration.ZERO) > 0, "the sixth attempt is held");
    clock.advance(held.hold());
    throttle.succeeded(held.ticket());

    for (var i = 0; i < 3; i++) {
      var next = assertInstanceOf(LoginThrottle.Check.class, fail(OFFICE, "bob"));
      assertEquals(Duration.ZERO, next.hold(), "after a success the free failures start over");
    }
  }

  @Test
  void parallelAttemptsAreSpacedAsIfSentOneAfterAnother() {
    var holds = new ArrayList<Duration>();
    var refusals = 0;
    for (var i = 0; i < 100; i++) {
      var verdict = throttle.attempt(GUESSER, "bob", guess());
      if (verdict instanceof LoginThrottle.Check check) {
        holds.add(check.hold());
      } else {
        refusals++;
      }
    }
    assertEquals(
        java.util.List.of(
            Duration.ZERO,
            Duration.ZERO,
            Duration.ZERO,
            Duration.ofMillis(250),
            Duration.ofMillis(750),
            Duration.ofMillis(1750)),
        holds,
        "all sent at once, before any outcome: each is charged as a failure when let through");
    assertEquals(94, refusals);
  }

  @Test
  void parallelSignInsWithTheRightPasswordAreNeverHeld() {
    for (var round = 0; round < 3; round++) {
      var tickets = new ArrayList<LoginThrottle.Ticket>();
      for (var i = 0; i < 8; i++) {
        var verdict = throttle.attempt(OFFICE, "integration", "the-right-password");
        var check = assertInstanceOf(LoginThrottle.Check.class, verdict, "attempt " + i);
        assertEquals(Duration.ZERO, check.hold(), "attempt " + i + " of round " + round);
        tickets.add(check.ticket());
      }
      tickets.forEach(throttle::succeeded);
    }
    assertEquals(0, throttle.tracked());
  }

  @Test
  void theSameGuessSentInParallelIsCheckedWithTheFirstAndChargedOnce() {
    for (var i = 0; i < 3; i++) {
      fail(GUESSER, "bob");
    }
    var first =
        assertInstanceOf(LoginThrottle.Check.class, throttle.attempt(GUESSER, "bob", "hunter2"));
    var copy =
        assertInstanceOf(LoginThrottle.Check.class, throttle.attempt(GUESSER, "bob", "hunter2"));
    assertEquals(Duration.ofMillis(250), first.hold());
    assertEquals(first.hold(), copy.hold(), "a copy is checked with the guess it copies");
    var other =
        assertInstanceOf(LoginThrottle.Check.class, throttle.attempt(GUESSER, "bob", guess()));
    assertEquals(
        Duration.ofMillis(750), other.hold(), "another guess in parallel still waits its turn");

    clock.advance(first.hold());
    assertEquals(5, throttle.failed(first.ticket()).inARow(), "its copy is still in flight");
    assertEquals(5, throttle.failed(copy.ticket()).inARow(), "the copies were one failure");
    clock.advance(Duration.ofMillis(500));
    assertEquals(5, throttle.failed(other.ticket()).inARow());
    var next =
        assertInstanceOf(LoginThrottle.Check.class, throttle.attempt(GUESSER, "bob", guess()));
    assertEquals(Duration.ofSeconds(1), next.hold(), "five failures: the next waits a second");
  }

  @Test
  void aClientTryingManyUsersIsSlowedAcrossThem() {
    for (var i = 0; i < 20; i++) {
      var verdict = assertInstanceOf(LoginThrottle.Check.class, fail(GUESSER, "user" + i));
      assertEquals(Duration.ZERO, verdict.hold(), "one failure per user, twenty for the client");
    }
    var next =
        assertInstanceOf(LoginThrottle.Check.class, throttle.attempt(GUESSER, "user20", guess()));
    assertEquals(Duration.ofMillis(250), next.hold(), "past the client's failures it waits too");

    var elsewhere =
        assertInstanceOf(LoginThrottle.Check.class, throttle.attempt(OFFICE, "user20", guess()));
    assertEquals(Duration.ZERO, elsewhere.hold());
  }

  @Test
  void successesRefundTheClientsCharges() {
    for (var i = 0; i < 100; i++) {
      var verdict =
          assertInstanceOf(LoginThrottle.Check.class, throttle.attempt(OFFICE, "u" + i, guess()));
      assertEquals(Duration.ZERO, verdict.hold());
      throttle.succeeded(verdict.ticket());
    }
    assertEquals(0, throttle.tracked(), "nothing is kept of a client whose sign-ins succeed");
  }

  @Test
  void failuresAreForgottenAfterTheQuietTime() {
    for (var i = 0; i < 6; i++) {
      fail(GUESSER, "bob");
    }
    assertEquals(2, throttle.tracked());
    clock.advance(Duration.ofMinutes(16));
    var fresh =
        assertInstanceOf(LoginThrottle.Check.class, throttle.attempt(OFFICE, "bob", guess()));
    throttle.succeeded(fresh.ticket());
    assertEquals(0, throttle.tracked(), "the guesser's keys were forgotten");
    for (var i = 0; i < 3; i++) {
      var verdict = assertInstanceOf(LoginThrottle.Check.class, fail(GUESSER, "bob"));
      assertEquals(Duration.ZERO, verdict.hold(), "the count started over");
    }
  }

  @Test
  void memoryIsBoundedByForgettingTheLeastRecentlyChargedKeys() {
    var bounded = new LoginThrottle(settings(1_000, 100), clock);
    for (var i = 0; i < 1_000; i++) {
      var verdict = bounded.attempt("192.0.2." + (i % 200), "user" + i, guess());
      bounded.failed(((LoginThrottle.Check) verdict).ticket());
    }
    assertTrue(bounded.tracked() <= 100, "at most 100 keys: " + bounded.tracked());
  }

  @Test
  void theLongestWaitIsCapped() {
    var capped =
        new LoginThrottle(
            new LoginThrottleConfig.Settings(
                1,
                1,
                Duration.ofSeconds(1),
                Duration.ofMinutes(1),
                Duration.ZERO,
                Duration.ofMinutes(15),
                100),
            clock);
    assertEquals(Duration.ZERO, capped.wait(0, 1));
    assertEquals(Duration.ofSeconds(1), capped.wait(1, 1));
    assertEquals(Duration.ofSeconds(32), capped.wait(6, 1));
    assertEquals(Duration.ofMinutes(1), capped.wait(7, 1));
    assertEquals(Duration.ofMinutes(1), capped.wait(Integer.MAX_VALUE, 1));
  }

  @Test
  void withoutAHoldEveryEarlyAttemptIsRefused() {
    var noHold =
        new LoginThrottle(
            new LoginThrottleConfig.Settings(
                1,
                1,
                Duration.ofSeconds(1),
                Duration.ofMinutes(1),
                Duration.ZERO,
                Duration.ofMinutes(15),
                100),
            clock);
    noHold.failed(((LoginThrottle.Check) noHold.attempt(GUESSER, "bob", guess())).ticket());
    var refused =
        assertInstanceOf(LoginThrottle.Refuse.class, noHold.attempt(GUESSER, "bob", guess()));
    assertEquals(Duration.ofSeconds(1), refused.retryAfter());
  }

  @Test
  void onlyAFewAttemptsAreHeldAtOnceOnTheNode() {
    var holds = 0;
    for (var i = 0; i < 1_000; i++) {
      var client = "192.0.2." + (i / 5 % 250) + "." + i / 1250;
      var verdict = throttle.attempt(client, "bob", guess());
      if (verdict instanceof LoginThrottle.Check check && !check.hold().isZero()) {
        holds++;
      }
    }
    assertEquals(LoginThrottle.MAX_HELD, holds, "held attempts beyond the bound are refused");
  }

  @Test
  void anIpv6HostCountsAsItsNetworkAndAnIpv4MappedAddressAsItsIpv4() {
    assertEquals(
        LoginThrottle.client("2001:db8:1:2:aaaa::1"), LoginThrottle.client("2001:db8:1:2::ffff"));
    assertEquals("2001:db8:1:2::/64", LoginThrottle.client("[2001:db8:1:2::1]"));
    assertFalse(
        LoginThrottle.client("2001:db8:1:3::1").equals(LoginThrottle.client("2001:db8:1:2::1")));
    assertEquals("192.0.2.9", LoginThrottle.client("::ffff:192.0.2.9"));
    assertEquals("192.0.2.9", LoginThrottle.client("192.0.2.9"));
    assertEquals("unknown", LoginThrottle.client(null));
    assertEquals("not-an-address:", LoginThrottle.client("not-an-address:"));
  }
}
