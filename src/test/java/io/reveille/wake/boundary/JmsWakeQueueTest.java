package io.reveille.wake.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class JmsWakeQueueTest {

  @Test
  void theBrowsingSelectorNamesEveryRunKeyWithItsQuotesDoubled() {
    assertEquals(
        "reveilleRunKey IN ('wk-1','it''s')", JmsWakeQueue.selector(List.of("wk-1", "it's")));
  }
}
