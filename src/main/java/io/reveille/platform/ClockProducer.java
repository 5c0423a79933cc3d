package io.reveille.platform;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;

/**
 * The one source of "now" for the whole application.
 *
 * <p>Every time-dependent class injects a {@link Clock} instead of calling {@code Instant.now()},
 * so unit tests construct those classes with a fixed or moving clock and never sleep.
 */
@ApplicationScoped
class ClockProducer {

  @Produces
  @ApplicationScoped
  Clock clock() {
    return Clock.systemUTC();
  }
}
