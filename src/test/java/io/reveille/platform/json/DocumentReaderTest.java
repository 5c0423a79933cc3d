package io.reveille.platform.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class DocumentReaderTest {

  @Test
  void strictReaderReturnsKnownFieldsAndRefusesTheFirstUnknownOne() {
    var in = DocumentReader.strict(json("{\"a\":\"x\",\"b\":[\"p\"],\"c\":1}"), "doc");
    assertEquals(Optional.of("x"), in.text("a", 10));
    assertEquals(List.of("p"), in.identifiers("b", 5, 10));
    var error = assertThrows(InvalidInputException.class, in::unknownFields);
    assertEquals("doc.c", error.getField());
    assertTrue(error.getMessage().contains("a, b"), error::getMessage);
  }

  @Test
  void integersAreWholeNumbersWithinBoundsWhenStrict() {
    var text = "{\"n\":7,\"big\":500,\"frac\":1.5,\"s\":\"7\"}";
    var strict = DocumentReader.strict(json(text), "doc");
    assertEquals(OptionalLong.of(7), strict.integer("n", 1, 10));
    assertEquals(OptionalLong.empty(), strict.integer("absent", 1, 10));
    var bounds = assertThrows(InvalidInputException.class, () -> strict.integer("big", 1, 10));
    assertEquals("doc.big", bounds.getField());
    assertTrue(bounds.getMessage().contains("between 1 and 10"), bounds::getMessage);
    var fraction = assertThrows(InvalidInputException.class, () -> strict.integer("frac", 1, 10));
    assertEquals("doc.frac", fraction.getField());
    assertThrows(InvalidInputException.class, () -> strict.integer("s", 1, 10));
    var stored = DocumentReader.stored(text, "doc");
    assertEquals(OptionalLong.of(500), stored.integer("big", 1, 10));
  }

  @Test
  void nestedObjectsNameTheirFieldsBelowTheirOwnName() {
    var in = DocumentReader.strict(json("{\"o\":{\"n\":0,\"x\":1},\"s\":\"no\"}"), "doc");
    var nested = in.object("o").orElseThrow();
    var error = assertThrows(InvalidInputException.class, () -> nested.integer("n", 1, 10));
    assertEquals("doc.o.n", error.getField());
    assertEquals(
        "doc.o.x", assertThrows(InvalidInputException.class, nested::unknownFields).getField());
    assertEquals(
        "doc.s", assertThrows(InvalidInputException.class, () -> in.object("s")).getField());
    assertEquals(Optional.empty(), in.object("absent"));
  }

  @Test
  void storedReaderKeepsUnknownFieldsInDocumentOrder() {
    var in = DocumentReader.stored("{\"z\":1,\"a\":\"x\",\"m\":{\"k\":null}}", "doc");
    assertEquals(Optional.of("x"), in.identifier("a", 1));
    assertEquals(json("{\"z\":1,\"m\":{\"k\":null}}"), in.unknownFields());
    var ordered = DocumentReader.stored("{\"z\":1,\"a\":\"x\",\"m\":2,\"b\":3}", "doc");
    ordered.text("a", 1);
    assertEquals(List.of("z", "m", "b"), List.copyOf(ordered.unknownFields().keySet()));
  }

  @Test
  void strictReaderEnforcesBoundsButStoredReaderDoesNot() {
    var text = "{\"a\":\"toolong\",\"l\":[\"1\",\"2\",\"3\"]}";
    var strict = DocumentReader.strict(json(text), "doc");
    assertEquals(
        "doc.a", assertThrows(InvalidInputException.class, () -> strict.text("a", 3)).getField());
    assertEquals(
        "doc.l",
        assertThrows(InvalidInputException.class, () -> strict.identifiers("l", 2, 5)).getField());
    var stored = DocumentReader.stored(text, "doc");
    assertEquals(Optional.of("toolong"), stored.text("a", 3));
    assertEquals(List.of("1", "2", "3"), stored.identifiers("l", 2, 5));
  }

  @Test
  void wrongTypeIsBadInputFromAUserAndCorruptionInStorage() {
    var text = "{\"a\":5}";
    var error =
        assertThrows(
            InvalidInputException.class,
            () -> DocumentReader.strict(json(text), "config").identifier("a", 10));
    assertEquals("config.a", error.getField());
    assertEquals("must be a string, got a number", error.getMessage());
    var corrupt =
        assertThrows(
            IllegalStateException.class,
            () -> DocumentReader.stored(text, "config").identifier("a", 10));
    assertTrue(corrupt.getMessage().contains("config.a"), corrupt::getMessage);
  }

  @Test
  void schemaVersionDefaultsToCurrentAndStrictlyMustEqualIt() {
    assertEquals(1, DocumentReader.strict(json("{}"), "d").schemaVersion(1));
    assertEquals(1, DocumentReader.strict(json("{\"schemaVersion\":1}"), "d").schemaVersion(1));
    for (var bad : List.of("2", "0", "1.5", "\"1\"", "99999999999")) {
      var reader = DocumentReader.strict(json("{\"schemaVersion\":" + bad + "}"), "d");
      assertEquals(
          "d.schemaVersion",
          assertThrows(InvalidInputException.class, () -> reader.schemaVersion(1)).getField(),
          bad);
    }
    assertEquals(4, DocumentReader.stored("{\"schemaVersion\":4}", "d").schemaVersion(1));
    assertEquals(1, DocumentReader.stored("{}", "d").schemaVersion(1));
  }

  @Test
  void identifiersMustNotBeBlankOrPadded() {
    var in = DocumentReader.strict(json("{\"a\":\"\",\"b\":\" x\",\"c\":[\"ok\",\"\"]}"), "d");
    assertEquals(
        "d.a", assertThrows(InvalidInputException.class, () -> in.identifier("a", 9)).getField());
    assertEquals(
        "d.b", assertThrows(InvalidInputException.class, () -> in.identifier("b", 9)).getField());
    assertEquals(
        "d.c[1]",
        assertThrows(InvalidInputException.class, () -> in.identifiers("c", 9, 9)).getField());
  }

  @Test
  void textMapReadsStringValuesAndNamesTheBadEntry() {
    var in = DocumentReader.strict(json("{\"m\":{\"k\":\"v\"},\"n\":{\"k\":[]}}"), "d");
    assertEquals(Map.of("k", "v"), in.textByIdentifier("m", 5, 5, 5));
    assertEquals(
        "d.n.k",
        assertThrows(InvalidInputException.class, () -> in.textByIdentifier("n", 5, 5, 5))
            .getField());
  }

  @Test
  void extensionMustBeAnObjectWithNamespacedKeysFromAUserOnly() {
    assertEquals(
        json("{\"acme.a\":{\"deep\":[1]}}"),
        DocumentReader.strict(json("{\"extension\":{\"acme.a\":{\"deep\":[1]}}}"), "d")
            .extension());
    for (var key : List.of("plain", ".acme", "acme.", "acme..x", "ac me.x")) {
      var doc =
          Json.createObjectBuilder()
              .add("extension", Json.createObjectBuilder().add(key, 1))
              .build();
      assertThrows(
          InvalidInputException.class, () -> DocumentReader.strict(doc, "d").extension(), key);
    }
    assertEquals(
        json("{\"plain\":1}"),
        DocumentReader.stored("{\"extension\":{\"plain\":1}}", "d").extension());
  }

  @Test
  void nullValuesCountAsAbsent() {
    var in = DocumentReader.strict(json("{\"a\":null,\"l\":null,\"extension\":null}"), "d");
    assertEquals(Optional.empty(), in.text("a", 1));
    assertEquals(List.of(), in.identifiers("l", 1, 1));
    assertEquals(json("{}"), in.extension());
    assertEquals(json("{}"), in.unknownFields());
  }

  @Test
  void missingUserDocumentIsBadInputNamingItsPath() {
    assertEquals(
        "slots",
        assertThrows(InvalidInputException.class, () -> DocumentReader.strict(null, "slots"))
            .getField());
  }

  static JsonObject json(String text) {
    try (var reader = Json.createReader(new StringReader(text))) {
      return reader.readObject();
    }
  }
}
