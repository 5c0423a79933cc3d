package io.reveille.journal.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CategoryTest {

  @Test
  void aCategoryNeedsANonBlankName() {
    var now = Instant.parse("2026-01-10T08:00:00Z");
    assertEquals("Gym", new Category("c-1", " Gym ", now).getName());
    assertEquals(
        "name",
        assertThrows(InvalidInputException.class, () -> new Category("c-1", null, now)).getField());
    assertThrows(InvalidInputException.class, () -> new Category("c-1", "x".repeat(201), now));
  }
}
