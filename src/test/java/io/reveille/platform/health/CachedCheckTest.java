package io.reveille.platform.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;

class CachedCheckTest {

  private final MovableClock clock = new MovableClock(Instant.parse("2026-11-28T10:00:00Z"));
  private final AtomicInteger probes = new AtomicInteger();
  private final AtomicBoolean up = new AtomicBoolean(true);

  private HealthCheckResponse probe() {
    probes.incrementAndGet();
    // The constructor: the builder needs the server's provider.
    return new HealthCheckResponse(
        "database",
        up.get() ? HealthCheckResponse.Status.UP : HealthCheckResponse.Status.DOWN,
        Optional.empty());
  }

  @Test
  void requestsInsideTheWindowGetTheLastAnswerWithoutAProbe() {
    var check = new CachedCheck(clock, Duration.ofSeconds(2), this::probe);

    var first = check.call();
    for (int i = 0; i < 1000; i++) {
      assertSame(first, check.call());
    }
    clock.advance(Duration.ofMillis(1999));
    assertSame(first, check.call());
    assertEquals(1, probes.get(), "one probe for a thousand requests inside two seconds");

    up.set(false);
    clock.advance(Duration.ofMillis(1));
    var second = check.call();
    assertEquals(HealthCheckResponse.Status.DOWN, second.getStatus(), "probed again at the end");
    assertEquals(2, probes.get());
  }

  @Test
  void aDownAnswerIsKeptLikeAnUpOne() {
    up.set(false);
    var check = new CachedCheck(clock, Duration.ofSeconds(2), this::probe);
    check.call();
    up.set(true);
    clock.advance(Duration.ofSeconds(1));
    assertEquals(HealthCheckResponse.Status.DOWN, check.call().getStatus());
    assertEquals(1, probes.get());
    clock.advance(Duration.ofSeconds(1));
    assertEquals(HealthCheckResponse.Status.UP, check.call().getStatus());
    assertEquals(2, probes.get());
  }

  @Test
  void withoutAWindowEveryRequestProbes() {
    var check = new CachedCheck(clock, Duration.ZERO, this::probe);
    check.call();
    check.call();
    assertEquals(2, probes.get());
    assertThrows(
        IllegalArgumentException.class,
        () -> new CachedCheck(clock, Duration.ofMillis(-1), this::probe));
  }

  @Test
  void whileAProbeIsOnItsWayOthersGetTheLastAnswerInsteadOfProbingToo() throws Exception {
    var entered = new CountDownLatch(1);
    var proceed = new CountDownLatch(1);
    var slow = new AtomicBoolean(false);
    var check =
        new CachedCheck(
            clock,
            Duration.ofSeconds(2),
            () -> {
              if (slow.get()) {
                entered.countDown();
                try {
                  assertTrue(proceed.await(30, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }
              return probe();
            });
    var stale = check.call();
    slow.set(true);
    clock.advance(Duration.ofSeconds(3));
    var probing = CompletableFuture.supplyAsync(check::call);
    assertTrue(entered.await(30, TimeUnit.SECONDS));

    assertSame(stale, check.call(), "the last answer, at once");
    assertEquals(1, probes.get(), "the slow probe has not finished; nobody else probed");

    proceed.countDown();
    var fresh = probing.get(30, TimeUnit.SECONDS);
    assertEquals(2, probes.get());
    assertSame(fresh, check.call());
  }
}
