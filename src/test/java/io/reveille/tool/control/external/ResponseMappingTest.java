package io.reveille.tool.control.external;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResponseMappingTest {

  private static Optional<JsonValue> body(String text) {
    try (var reader = Json.createReader(new java.io.StringReader(text))) {
      return Optional.of(reader.readValue());
    }
  }

  @Test
  void fieldsAreReadByPointerAndAMissingOneIsLeftOut() {
    var mapping =
        new ResponseMapping(
            Map.of("invoiceId", "/data/id", "state", "/data/status", "none", "/nope"),
            Optional.empty(),
            Optional.of("/data/id"));
    var mapped =
        mapping.map(
            name -> Optional.empty(),
            body("{\"data\":{\"id\":\"inv-1\",\"status\":\"sent\",\"secret\":\"x\"}}"));
    assertEquals(
        Json.createObjectBuilder().add("invoiceId", "inv-1").add("state", "sent").build(),
        mapped.result());
    assertEquals(Optional.of("inv-1"), mapped.correlationId());
  }

  @Test
  void theCorrelationIdMayComeFromAHeader() {
    var mapping = new ResponseMapping(Map.of(), Optional.of("X-Request-Id"), Optional.empty());
    var mapped =
        mapping.map(
            name -> name.equals("X-Request-Id") ? Optional.of("req-9") : Optional.empty(),
            body("{\"ok\":true}"));
    assertEquals(Optional.of("req-9"), mapped.correlationId());
    assertEquals(Json.createObjectBuilder().add("ok", true).build(), mapped.result());
  }

  @Test
  void withoutFieldsANonObjectOrMissingBodyMapsToAnEmptyResult() {
    var mapping = ResponseMapping.bodyAsIs();
    assertEquals(
        JsonValue.EMPTY_JSON_OBJECT, mapping.map(n -> Optional.empty(), body("[1,2]")).result());
    assertEquals(
        JsonValue.EMPTY_JSON_OBJECT, mapping.map(n -> Optional.empty(), Optional.empty()).result());
  }
}
