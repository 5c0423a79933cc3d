package io.reveille.journal.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.journal.control.BlockOverlaps.Slot;
import io.reveille.platform.error.ConflictException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlockOverlapsTest {

  private static Slot slot(String label, String from, String to) {
    return new Slot(
        label,
        Instant.parse("2026-02-17T" + from + ":00Z"),
        Instant.parse("2026-02-17T" + to + ":00Z"));
  }

  @Test
  void touchingBlocksDoNotOverlap() {
    assertEquals(
        List.of(),
        BlockOverlaps.find(
            List.of(
                slot("c", "11:00", "12:00"),
                slot("a", "09:00", "10:00"),
                slot("b", "10:00", "11:00"))));
  }

  @Test
  void everyOverlappingPairIsNamedEvenBehindALongBlock() {
    var overlaps =
        BlockOverlaps.find(
            List.of(
                slot("long", "08:00", "13:00"),
                slot("a", "09:00", "10:00"),
                slot("b", "11:00", "12:00"),
                slot("late", "13:00", "14:00")));
    assertEquals(2, overlaps.size(), overlaps::toString);
    assertTrue(overlaps.get(0).startsWith("long (") && overlaps.get(0).contains(" and a ("));
    assertTrue(overlaps.get(1).contains(" and b ("));
    var e =
        assertThrows(
            ConflictException.class,
            () ->
                BlockOverlaps.require(
                    List.of(slot("x", "09:00", "10:00"), slot("upserts[0]", "09:30", "09:45"))));
    assertTrue(e.getMessage().contains("x (") && e.getMessage().contains("upserts[0] ("));
  }

  @Test
  void aBlockMustStartOnThePlanDateInSomeTimeZone() {
    var date = LocalDate.parse("2026-02-17");
    assertTrue(BlockChangeRules.startsOn(date, Instant.parse("2026-02-17T09:00:00Z")));
    // Midnight of the 17th at UTC+14, 23:59 of the 17th at UTC-12.
    assertTrue(BlockChangeRules.startsOn(date, Instant.parse("2026-02-16T10:00:00Z")));
    assertTrue(BlockChangeRules.startsOn(date, Instant.parse("2026-02-18T11:59:00Z")));
    assertFalse(BlockChangeRules.startsOn(date, Instant.parse("2026-02-16T09:59:00Z")));
    assertFalse(BlockChangeRules.startsOn(date, Instant.parse("2026-02-18T12:00:00Z")));
  }
}
