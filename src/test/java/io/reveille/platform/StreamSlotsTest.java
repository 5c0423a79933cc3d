package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class StreamSlotsTest {

  @Test
  void oneStreamMoreThanTheSlotsIsRefusedUntilOneEnds() {
    var slots = new StreamSlots(2);
    assertTrue(slots.tryTake());
    assertTrue(slots.tryTake());
    assertFalse(slots.tryTake());
    slots.release();
    assertTrue(slots.tryTake());
    assertEquals(2, slots.inUse());
  }

  @Test
  void concurrentTakersNeverExceedTheBound() throws Exception {
    var slots = new StreamSlots(5);
    var granted = new AtomicInteger();
    var pool = Executors.newFixedThreadPool(8);
    try {
      var tasks = new java.util.ArrayList<java.util.concurrent.Future<?>>();
      for (var i = 0; i < 200; i++) {
        tasks.add(
            pool.submit(
                () -> {
                  if (slots.tryTake()) {
                    granted.incrementAndGet();
                  }
                }));
      }
      for (var task : tasks) {
        task.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(5, granted.get());
    assertEquals(5, slots.inUse());
  }

  @Test
  void aReleaseWithoutATakeIsABug() {
    var slots = new StreamSlots(1);
    assertThrows(IllegalStateException.class, slots::release);
    assertEquals(0, slots.inUse());
    assertThrows(IllegalArgumentException.class, () -> new StreamSlots(0));
  }
}
