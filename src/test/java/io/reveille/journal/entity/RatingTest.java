package io.reveille.journal.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RatingTest {

  private static final Instant NOW = Instant.parse("2026-02-17T20:00:00Z");

  @Test
  void aValueIsOneToFiveAndADimensionAnIdentifier() {
    for (var value : new int[] {0, 6}) {
      assertEquals(
          "value",
          assertThrows(
                  InvalidInputException.class,
                  () -> new Rating("r-1", RatingTarget.TASK, "t-1", "focus", value, null, "w", NOW))
              .getField());
    }
    for (var dimension : new String[] {"Focus", "1st", "", "a b", "x".repeat(65)}) {
      assertEquals(
          "dimension",
          assertThrows(
                  InvalidInputException.class,
                  () -> new Rating("r-1", RatingTarget.TASK, "t-1", dimension, 3, null, "w", NOW))
              .getField());
    }
    new Rating("r-1", RatingTarget.DAY_PLAN, "p-1", "deep.work_quality-2", 5, null, "w", NOW);
  }

  @Test
  void ratingAgainChangesTheValueAndKeepsTheNoteUnlessANewOneIsGiven() {
    var rating = new Rating("r-1", RatingTarget.TIME_ENTRY, "e-1", "energy", 2, "tired", "w", NOW);
    assertFalse(rating.rate(2, null, NOW));
    assertTrue(rating.rate(4, null, NOW));
    assertEquals(4, rating.getValue());
    assertEquals("tired", rating.getNote());
    assertTrue(rating.rate(4, "better after lunch", NOW));
    assertEquals("better after lunch", rating.getNote());
    assertThrows(InvalidInputException.class, () -> rating.rate(9, null, NOW));
    assertEquals(4, rating.getValue());
  }

  @Test
  void targetTypesHaveWireNames() {
    assertEquals(
        Optional.of(RatingTarget.TIME_ENTRY), WireEnum.find(RatingTarget.class, "timeEntry"));
    assertEquals(Optional.empty(), WireEnum.find(RatingTarget.class, "TIME_ENTRY"));
  }
}
