package io.reveille.sync.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.sync.control.VectorClock.Order;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VectorClockTest {

  @Test
  void aTickOrdersAfterAndConcurrentTicksAreConcurrent() {
    var start = VectorClock.empty().tick("a");
    var onA = start.tick("a");
    var onB = start.tick("b");

    assertEquals(Order.AFTER, onA.compare(start));
    assertEquals(Order.BEFORE, start.compare(onA));
    assertEquals(Order.CONCURRENT, onA.compare(onB));
    assertEquals(Order.EQUAL, onA.compare(VectorClock.of(Map.of("a", 2L))));
    var merged = onA.merge(onB);
    assertEquals(Map.of("a", 2L, "b", 1L), merged.counters());
    assertTrue(merged.dominates(onA) && merged.dominates(onB));
  }

  @Test
  void theTieBreakIsATotalOrderThatExtendsTheCausalOne() {
    var a = VectorClock.of(Map.of("a", 2L));
    var b = VectorClock.of(Map.of("b", 2L));
    var both = VectorClock.of(Map.of("a", 1L, "b", 1L));
    assertTrue(VectorClock.TIE_BREAK.compare(a.tick("b"), a) > 0, "later is greater");
    assertEquals(-VectorClock.TIE_BREAK.compare(a, b), VectorClock.TIE_BREAK.compare(b, a));
    assertTrue(VectorClock.TIE_BREAK.compare(a, b) != 0, "concurrent clocks are told apart");
    assertTrue(VectorClock.TIE_BREAK.compare(both, a) != 0);
    assertEquals(0, VectorClock.TIE_BREAK.compare(a, VectorClock.of(Map.of("a", 2L, "c", 0L))));
  }

  @Test
  void aClockFromAnotherSiteIsCheckedAndBounded() {
    assertThrows(IllegalArgumentException.class, () -> VectorClock.of(Map.of("a b", 1L)));
    assertThrows(IllegalArgumentException.class, () -> VectorClock.of(Map.of("a", -1L)));
    var many = new HashMap<String, Long>();
    for (var i = 0; i <= VectorClock.MAX_HOSTS; i++) {
      many.put("h" + i, 1L);
    }
    var refused = assertThrows(IllegalArgumentException.class, () -> VectorClock.of(many));
    assertTrue(refused.getMessage().contains("at most 64 hosts"), refused.getMessage());
    assertEquals(VectorClock.empty(), VectorClock.of(Map.of("a", 0L)), "a zero is no entry");
  }
}
