package io.reveille.journal.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.journal.entity.TimeEntry.AnnotateMode;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TimeEntryTest {

  private static final Instant START = Instant.parse("2026-02-17T14:00:00Z");
  private static final Instant NOW = START.plus(Duration.ofHours(3));

  @Test
  void aTimerRunsUntilStoppedAndCannotBeStoppedTwice() {
    var entry = TimeEntry.start("e-1", "work", "t-1", START, null);
    assertTrue(entry.isRunning());
    assertEquals(Optional.empty(), entry.duration());

    entry.stop(START.plus(Duration.ofMinutes(45)), NOW);
    assertFalse(entry.isRunning());
    assertEquals(Optional.of(Duration.ofMinutes(45)), entry.duration());
    assertThrows(ConflictException.class, () -> entry.stop(NOW, NOW));
  }

  @Test
  void noSpanEndsBeforeItStarts() {
    var e =
        assertThrows(
            InvalidInputException.class,
            () ->
                new TimeEntry("e-1", "work", null, START, START.minusSeconds(1), null, null, NOW));
    assertEquals("endedAt", e.getField());
    var running = TimeEntry.start("e-2", "work", null, START, null);
    assertEquals(
        "endedAt",
        assertThrows(InvalidInputException.class, () -> running.stop(START.minusSeconds(1), NOW))
            .getField());
    assertTrue(running.isRunning(), "a refused stop leaves the timer running");
  }

  @Test
  void aCategoryIsRequired() {
    var e =
        assertThrows(
            InvalidInputException.class,
            () -> new TimeEntry("e-1", " ", null, START, null, null, null, NOW));
    assertEquals("categoryId", e.getField());
  }

  @Test
  void annotatingAppendsOnANewLineOrReplacesAndReportsWhetherItChanged() {
    var entry = new TimeEntry("e-1", "work", null, START, NOW, "Drafted", "voice-7", NOW);
    assertTrue(entry.annotate("Reviewed", AnnotateMode.APPEND, NOW));
    assertEquals("Drafted\nReviewed", entry.getDescription());
    assertTrue(entry.annotate("Shipped", AnnotateMode.REPLACE, NOW));
    assertEquals("Shipped", entry.getDescription());
    assertFalse(entry.annotate("Shipped", AnnotateMode.REPLACE, NOW));
    assertEquals(
        "description",
        assertThrows(
                InvalidInputException.class, () -> entry.annotate(" ", AnnotateMode.APPEND, NOW))
            .getField());
  }

  @Test
  void retimingKeepsTheSpanValidAndARunningEntryRunning() {
    var stopped = new TimeEntry("e-1", "work", null, START, NOW, null, null, NOW);
    assertFalse(stopped.retime(START, NOW, NOW));
    assertTrue(stopped.retime(START.minusSeconds(60), NOW, NOW));
    assertThrows(InvalidInputException.class, () -> stopped.retime(NOW, START, NOW));
    assertThrows(InvalidInputException.class, () -> stopped.retime(START, null, NOW));
    var running = TimeEntry.start("e-2", "work", null, START, null);
    assertThrows(InvalidInputException.class, () -> running.retime(START, NOW, NOW));
    assertTrue(running.retime(START.minusSeconds(60), null, NOW));
    assertTrue(running.isRunning());
  }
}
