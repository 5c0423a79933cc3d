package io.reveille.mcp.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JsonRpcCodecTest {

  private static JsonRpcException refused(String body) {
    return assertThrows(JsonRpcException.class, () -> JsonRpcCodec.read(body));
  }

  @Test
  void aRequestANotificationAndBothKindsOfResponseAreRead() {
    var request =
        assertInstanceOf(
            JsonRpcMessage.Request.class,
            JsonRpcCodec.read(
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{}}"));
    assertEquals(Json.createValue(7), request.id());
    assertEquals("tools/list", request.method());
    assertTrue(request.params().isPresent());

    var named =
        assertInstanceOf(
            JsonRpcMessage.Request.class,
            JsonRpcCodec.read("{\"jsonrpc\":\"2.0\",\"id\":\"a-1\",\"method\":\"ping\"}"));
    assertEquals(Json.createValue("a-1"), named.id());
    assertEquals(Optional.empty(), named.params());

    var notification =
        assertInstanceOf(
            JsonRpcMessage.Notification.class,
            JsonRpcCodec.read("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"));
    assertEquals("notifications/initialized", notification.method());

    var result =
        assertInstanceOf(
            JsonRpcMessage.Response.class,
            JsonRpcCodec.read("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"ok\":true}}"));
    assertTrue(result.result().isPresent());
    var error =
        assertInstanceOf(
            JsonRpcMessage.Response.class,
            JsonRpcCodec.read(
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32601,\"message\":\"no\"}}"));
    assertEquals(new JsonRpcError(-32601, "no"), error.error().orElseThrow());
  }

  @Test
  void bytesThatAreNotJsonAreAParseError() {
    for (var body : new String[] {"", "{", "nope", "{\"jsonrpc\":}", "{} {}", "\u0000"}) {
      assertEquals(JsonRpcError.PARSE_ERROR, refused(body).error().code(), () -> "for " + body);
    }
  }

  @Test
  void jsonThatIsNotOneMessageIsAnInvalidRequestKeepingTheIdWhenReadable() {
    assertEquals(JsonRpcError.INVALID_REQUEST, refused("[]").error().code());
    assertTrue(
        refused("[{\"jsonrpc\":\"2.0\",\"method\":\"ping\"}]").getMessage().contains("batch"));
    assertEquals(JsonRpcError.INVALID_REQUEST, refused("42").error().code());

    var wrongVersion = refused("{\"jsonrpc\":\"1.0\",\"id\":5,\"method\":\"ping\"}");
    assertEquals(JsonRpcError.INVALID_REQUEST, wrongVersion.error().code());
    assertEquals(Optional.of(Json.createValue(5)), wrongVersion.id(), "answered to its id");

    var nullId = refused("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}");
    assertTrue(nullId.getMessage().contains("not null"), nullId::getMessage);
    assertEquals(Optional.empty(), nullId.id());
    assertEquals(
        JsonRpcError.INVALID_REQUEST,
        refused("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}").error().code());
    assertEquals(
        JsonRpcError.INVALID_REQUEST,
        refused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":[1]}")
            .error()
            .code());
    assertEquals(
        JsonRpcError.INVALID_REQUEST,
        refused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\"}").error().code());
    assertEquals(
        JsonRpcError.INVALID_REQUEST,
        refused("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{},\"error\":{}}").error().code());
    assertEquals(
        JsonRpcError.INVALID_REQUEST,
        refused("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":\"x\"}}").error().code());
    assertEquals(JsonRpcError.INVALID_REQUEST, refused("{\"jsonrpc\":\"2.0\"}").error().code());
  }

  @Test
  void aMessageTooLargeOrNestedTooDeepIsRefusedBeforeItIsBuilt() {
    var limits = new JsonRpcCodec.Limits(1000, 8);
    var large =
        ("{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\"s\":\"" + "a".repeat(2000) + "\"}}")
            .getBytes(StandardCharsets.UTF_8);
    var tooLarge = assertThrows(JsonRpcException.class, () -> JsonRpcCodec.read(large, limits));
    assertTrue(tooLarge.getMessage().contains("at most 1000"), tooLarge::getMessage);

    var deep = "[".repeat(100_000) + "]".repeat(100_000);
    var tooDeep =
        assertThrows(
            JsonRpcException.class,
            () ->
                JsonRpcCodec.read(
                    deep.getBytes(StandardCharsets.UTF_8), new JsonRpcCodec.Limits(1 << 20, 64)));
    assertEquals(JsonRpcError.INVALID_REQUEST, tooDeep.error().code());
    assertTrue(tooDeep.getMessage().contains("deeper than 64"), tooDeep::getMessage);
  }

  @Test
  void resultsErrorsAndNotificationsAreWrittenAsJsonRpc() {
    assertEquals(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}",
        JsonRpcCodec.result(Json.createValue(1), JsonValue.EMPTY_JSON_OBJECT).toString());
    assertEquals(
        "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"bad\"}}",
        JsonRpcCodec.error(Optional.empty(), new JsonRpcError(-32700, "bad")).toString());
    assertEquals(
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}",
        JsonRpcCodec.notification("notifications/progress", JsonValue.EMPTY_JSON_OBJECT)
            .toString());
  }
}
