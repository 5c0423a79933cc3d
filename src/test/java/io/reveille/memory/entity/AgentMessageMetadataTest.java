package io.reveille.memory.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AgentMessageMetadataTest {

  @Test
  void metadataWithEveryFieldIsReadAndShownBack() {
    var text =
        """
        {"schemaVersion":1,"actionRefId":"m-1","operationId":"op-1","status":"failed",
         "errorCode":"timeout","errorMessage":"no answer in 30 s","extension":{"acme.try":2}}""";
    var metadata = AgentMessageMetadata.fromUserJson(json(text), "metadata");
    assertEquals(Optional.of("m-1"), metadata.getActionRefId());
    assertEquals(Optional.of("op-1"), metadata.getOperationId());
    assertEquals(Optional.of("failed"), metadata.getStatus());
    assertEquals(Optional.of("timeout"), metadata.getErrorCode());
    assertEquals(Optional.of("no answer in 30 s"), metadata.getErrorMessage());
    assertEquals(json(text), metadata.toJson());
  }

  @Test
  void builtWithWithersFromEmpty() {
    var metadata =
        AgentMessageMetadata.empty()
            .withActionRefId("m-1")
            .withOperationId("op")
            .withStatus("ok")
            .withError("e", "msg")
            .withExtension(json("{\"acme.k\":1}"));
    assertEquals(Optional.of("op"), metadata.getOperationId());
    assertEquals(Optional.of("msg"), metadata.getErrorMessage());
    assertEquals(Optional.empty(), metadata.withError(null, null).getErrorCode());
    assertEquals(Optional.empty(), AgentMessageMetadata.empty().getStatus());
  }

  @Test
  void strictReadingNamesTheOffendingField() {
    assertEquals(
        "metadata.status",
        assertThrows(
                InvalidInputException.class,
                () -> AgentMessageMetadata.fromUserJson(json("{\"status\":true}"), "metadata"))
            .getField());
    assertEquals(
        "metadata.state",
        assertThrows(
                InvalidInputException.class,
                () -> AgentMessageMetadata.fromUserJson(json("{\"state\":\"ok\"}"), "metadata"))
            .getField());
    assertEquals(
        "metadata.extension.try",
        assertThrows(
                InvalidInputException.class,
                () ->
                    AgentMessageMetadata.fromUserJson(
                        json("{\"extension\":{\"try\":1}}"), "metadata"))
            .getField());
    assertEquals(
        "metadata.schemaVersion",
        assertThrows(
                InvalidInputException.class,
                () -> AgentMessageMetadata.fromUserJson(json("{\"schemaVersion\":0}"), "metadata"))
            .getField());
    assertEquals(
        "metadata.errorMessage",
        assertThrows(
                InvalidInputException.class,
                () ->
                    AgentMessageMetadata.empty()
                        .withError(
                            "e", "x".repeat(AgentMessageMetadata.MAX_ERROR_MESSAGE_LENGTH + 1)))
            .getField());
  }

  @Test
  void unknownFieldsFromANewerVersionSurviveReadModifyWrite() {
    var stored =
        "{\"schemaVersion\":3,\"operationId\":\"op\",\"retryOf\":\"m-0\"," + "\"costs\":[1,2]}";
    var changed = AgentMessageMetadata.fromStored(stored).withStatus("ok");
    var written = json(changed.toStored());
    assertEquals(3, written.getInt("schemaVersion"));
    assertEquals("op", written.getString("operationId"));
    assertEquals("ok", written.getString("status"));
    assertEquals("m-0", written.getString("retryOf"));
    assertEquals(Json.createArrayBuilder().add(1).add(2).build(), written.getJsonArray("costs"));
    assertTrue(!changed.toJson().containsKey("retryOf"));
  }

  @Test
  void converterRoundTripsAndReadsAMissingValueAsEmpty() {
    var converter = new AgentMessageMetadata.Converter();
    var metadata = AgentMessageMetadata.empty().withOperationId("op-7").withStatus("ok");
    assertEquals(
        metadata, converter.convertToEntityAttribute(converter.convertToDatabaseColumn(metadata)));
    assertEquals(AgentMessageMetadata.empty(), converter.convertToEntityAttribute(null));
    assertEquals(
        AgentMessageMetadata.empty().toJson(), converter.convertToEntityAttribute(null).toJson());
  }

  private static JsonObject json(String text) {
    try (var reader = Json.createReader(new StringReader(text))) {
      return reader.readObject();
    }
  }
}
