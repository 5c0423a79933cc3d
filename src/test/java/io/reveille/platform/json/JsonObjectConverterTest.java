package io.reveille.platform.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.Json;
import jakarta.json.JsonException;
import org.junit.jupiter.api.Test;

class JsonObjectConverterTest {

  private final JsonObjectConverter converter = new JsonObjectConverter();

  @Test
  void objectIsStoredAsCompactTextAndReadBackEqual() {
    var object =
        Json.createObjectBuilder()
            .add("kind", "daily")
            .add("at", Json.createArrayBuilder().add("07:00"))
            .build();
    var stored = converter.convertToDatabaseColumn(object);
    assertEquals("{\"kind\":\"daily\",\"at\":[\"07:00\"]}", stored);
    assertEquals(object, converter.convertToEntityAttribute(stored));
  }

  @Test
  void nullStaysNullBothWays() {
    assertNull(converter.convertToDatabaseColumn(null));
    assertNull(converter.convertToEntityAttribute(null));
  }

  @Test
  void storedTextThatIsNotAnObjectFails() {
    assertThrows(JsonException.class, () -> converter.convertToEntityAttribute("[1]"));
    assertThrows(JsonException.class, () -> converter.convertToEntityAttribute("{"));
  }
}
