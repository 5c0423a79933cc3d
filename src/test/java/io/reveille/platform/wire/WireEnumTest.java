package io.reveille.platform.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WireEnumTest {

  /** A wire enum as the features declare them: one value renamed, with its old spelling. */
  enum Colour implements WireEnum {
    DARK_RED("darkRed", "dark_red", "DARK_RED"),
    BLUE("blue");

    private final String wire;
    private final Set<String> legacy;

    Colour(String wire, String... legacy) {
      this.wire = wire;
      this.legacy = Set.of(legacy);
    }

    @Override
    public String wire() {
      return wire;
    }

    @Override
    public Set<String> legacy() {
      return legacy;
    }
  }

  @AfterEach
  void forget() {
    LegacySpellings.take();
  }

  @Test
  void theWireNameParsesAndIsNotReportedAsLegacy() {
    LegacySpellings.listen();
    assertEquals(Colour.DARK_RED, WireEnum.parse(Colour.class, "darkRed"));
    assertEquals(Optional.of(Colour.BLUE), WireEnum.find(Colour.class, "blue"));
    assertEquals(Map.of(), LegacySpellings.take());
  }

  @Test
  void anOldSpellingParsesAndIsReportedWithItsWireName() {
    LegacySpellings.listen();
    assertEquals(Colour.DARK_RED, WireEnum.parse(Colour.class, "dark_red"));
    assertEquals(Colour.DARK_RED, WireEnum.parse(Colour.class, "DARK_RED"));
    assertEquals(Map.of("dark_red", "darkRed", "DARK_RED", "darkRed"), LegacySpellings.take());
    assertEquals(Map.of(), LegacySpellings.take(), "taking forgets");
  }

  @Test
  void anOldSpellingParsesWhenNobodyListens() {
    assertEquals(Colour.DARK_RED, WireEnum.parse(Colour.class, "dark_red"));
    assertEquals(Map.of(), LegacySpellings.take());
  }

  @Test
  void storedDataReadsOldSpellingsWithoutReportingThem() {
    LegacySpellings.listen();
    assertEquals(Optional.of(Colour.DARK_RED), WireEnum.read(Colour.class, "dark_red"));
    assertEquals(Map.of(), LegacySpellings.take());
  }

  @Test
  void anUnknownSpellingIsRefusedNamingTheTypeTheSpellingAndTheAllowedValues() {
    var failure =
        assertThrows(UnknownWireValueException.class, () -> WireEnum.parse(Colour.class, "Blue"));
    assertEquals("unknown Colour 'Blue'; one of darkRed, blue", failure.getMessage());
    assertEquals(List.of("darkRed", "blue"), failure.allowed());
    assertEquals(Optional.empty(), WireEnum.find(Colour.class, "BLUE"), "no case folding");
    assertEquals(Optional.empty(), WireEnum.find(Colour.class, null));
    assertTrue(
        assertThrows(UnknownWireValueException.class, () -> WireEnum.parse(Colour.class, null))
            .getMessage()
            .startsWith("no Colour"));
  }

  @Test
  void valuesListTheWireNamesInDeclarationOrder() {
    assertEquals(List.of("darkRed", "blue"), WireEnum.values(Colour.class));
    assertEquals("darkRed, blue", WireEnum.names(Colour.class));
  }
}
