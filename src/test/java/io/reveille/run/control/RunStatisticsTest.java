package io.reveille.run.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunStatisticsTest {

  @Test
  void percentilesAreTheNearestRank() {
    var values = List.of(40L, 10L, 30L, 20L, 50L, 60L, 70L, 80L, 90L, 100L);
    assertEquals(50L, RunStatistics.percentile(values, 50));
    assertEquals(100L, RunStatistics.percentile(values, 95));
    assertEquals(7L, RunStatistics.percentile(List.of(7L), 95));
    assertNull(RunStatistics.percentile(List.of(), 50));
  }
}
