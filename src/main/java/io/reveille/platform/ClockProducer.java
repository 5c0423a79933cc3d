package io.reveille.platform;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;

/**
 * The one source of "now" for the whole application.
 *
 * <p>Every time-dependent class injects a {@link Clock} instead of calling {@code Instant.now()},
 * so unit tests construct those classes with a fixed or moving clock and never sleep. The server's
 * clock is the system's in UTC, or, for integration tests only, one moved or stopped by {@link
 * TestClock}'s settings (refused at start-up without {@value TestClock#ENABLED}).
 */
@ApplicationScoped
class ClockProducer {

  private static final Logger LOG = Logger.getLogger(ClockProducer.class.getName());

  @Inject Config config;

  /** Reads the clock settings at start-up, so that a refused one stops the deployment. */
  void onStartup(@Observes Startup event, Clock clock) {
    clock.instant();
  }

  @Produces
  @ApplicationScoped
  Clock clock() {
    var system = Clock.systemUTC();
    var clock = TestClock.from(key -> config.getOptionalValue(key, String.class), system);
    if (clock != system) {
      LOG.log(
          Level.WARNING,
          "The server runs on a test clock ({0}): now is {1}",
          new Object[] {clock, clock.instant()});
    }
    return clock;
  }
}
