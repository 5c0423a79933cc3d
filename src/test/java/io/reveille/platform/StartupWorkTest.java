package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class StartupWorkTest {

  @Test
  void theBackOffDoublesFromASecondToAMinute() {
    assertEquals(Duration.ofSeconds(1), StartupWork.backoff(1));
    assertEquals(Duration.ofSeconds(2), StartupWork.backoff(2));
    assertEquals(Duration.ofSeconds(32), StartupWork.backoff(6));
    assertEquals(Duration.ofSeconds(60), StartupWork.backoff(7));
    assertEquals(Duration.ofSeconds(60), StartupWork.backoff(1_000));
  }
}
