package io.reveille.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.platform.error.InvalidInputException;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ETagsTest {

  @Test
  void ifMatchNamesTheExpectedVersion() {
    assertEquals(OptionalLong.of(3), ETags.expectedVersion("\"3\""));
    assertEquals(OptionalLong.of(3), ETags.expectedVersion(" W/\"3\" "));
  }

  @Test
  void absentOrWildcardIfMatchExpectsNothing() {
    assertEquals(OptionalLong.empty(), ETags.expectedVersion(null));
    assertEquals(OptionalLong.empty(), ETags.expectedVersion("*"));
  }

  @Test
  void malformedIfMatchIsInvalidInputNamingTheHeader() {
    for (var bad : new String[] {"3", "\"\"", "\"abc\"", "\"-1\"", "\"1\", \"2\""}) {
      var e = assertThrows(InvalidInputException.class, () -> ETags.expectedVersion(bad), bad);
      assertEquals("If-Match", e.getField());
    }
  }
}
