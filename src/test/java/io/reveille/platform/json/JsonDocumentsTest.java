package io.reveille.platform.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import org.junit.jupiter.api.Test;

class JsonDocumentsTest {

  @Test
  void storedTextMustBeAJsonObject() {
    assertEquals(1, JsonDocuments.parseStored("{\"a\":1}", "doc").getInt("a"));
    assertThrows(IllegalStateException.class, () -> JsonDocuments.parseStored("[1]", "doc"));
    assertThrows(IllegalStateException.class, () -> JsonDocuments.parseStored("{", "doc"));
    assertThrows(IllegalStateException.class, () -> JsonDocuments.parseStored("", "doc"));
    assertThrows(IllegalStateException.class, () -> JsonDocuments.parseStored(null, "doc"));
  }

  @Test
  void storedSizeIsBounded() {
    var largest = "x".repeat(JsonDocuments.MAX_STORED_CHARS);
    assertEquals(largest, JsonDocuments.requireStorable(largest, "config"));
    var error =
        assertThrows(
            InvalidInputException.class,
            () -> JsonDocuments.requireStorable(largest + "x", "config"));
    assertEquals("config", error.getField());
    assertTrue(error.getMessage().contains("32000"), error::getMessage);
  }

  @Test
  void namespacedKeysHaveADotBetweenPlainSegments() {
    assertTrue(JsonDocuments.isNamespacedKey("acme.color"));
    assertTrue(JsonDocuments.isNamespacedKey("org.example.mood-v2"));
    assertFalse(JsonDocuments.isNamespacedKey("color"));
    assertFalse(JsonDocuments.isNamespacedKey("acme."));
    assertFalse(JsonDocuments.isNamespacedKey("a." + "b".repeat(200)));
  }
}
