package io.reveille.bench.peers;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Due seconds for bursts: whole seconds, so every contender's timers share one. */
final class Seconds {

  private Seconds() {}

  /** The first whole second at least {@code margin} from now. */
  static Instant after(Duration margin) {
    return Instant.now().plus(margin).plusSeconds(1).truncatedTo(ChronoUnit.SECONDS);
  }
}
