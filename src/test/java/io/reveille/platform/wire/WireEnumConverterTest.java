package io.reveille.platform.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.wire.WireEnumTest.Colour;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WireEnumConverterTest {

  static class ColourConverter extends WireEnumConverter<Colour> {
    ColourConverter() {
      super(Colour.class);
    }
  }

  private final ColourConverter converter = new ColourConverter();

  @Test
  void storesTheWireNameAndReadsItBack() {
    for (var colour : Colour.values()) {
      assertEquals(colour.wire(), converter.convertToDatabaseColumn(colour));
      assertEquals(colour, converter.convertToEntityAttribute(colour.wire()));
    }
    assertNull(converter.convertToDatabaseColumn(null));
    assertNull(converter.convertToEntityAttribute(null));
  }

  @Test
  void aRowWrittenWithAnOldSpellingStillReadsAndIsNotAnOldSpellingOfTheRequest() {
    LegacySpellings.listen();
    assertEquals(Colour.DARK_RED, converter.convertToEntityAttribute("DARK_RED"));
    assertEquals(Map.of(), LegacySpellings.take());
  }

  @Test
  void anUnknownStoredValueFailsLoudlyNamingIt() {
    var failure =
        assertThrows(IllegalStateException.class, () -> converter.convertToEntityAttribute("red"));
    assertTrue(failure.getMessage().contains("Colour 'red'"), failure::getMessage);
  }
}
