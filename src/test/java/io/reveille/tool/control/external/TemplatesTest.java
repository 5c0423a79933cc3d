package io.reveille.tool.control.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TemplatesTest {

  private static JsonObject json(String text) {
    try (var reader = Json.createReader(new java.io.StringReader(text))) {
      return reader.readObject();
    }
  }

  @Test
  void urlPlaceholdersAreFilledPercentEncoded() {
    var url =
        Templates.url(
            "https://x.example.com/a/{name}/b?q={query}&n={count}",
            json("{\"name\":\"a b/c\",\"query\":\"x&y=z\",\"count\":3}"),
            Map.of());
    assertEquals("https://x.example.com/a/a%20b%2Fc/b?q=x%26y%3Dz&n=3", url);
    URI.create(url);
  }

  @Test
  void extraValuesFillTheirPlaceholders() {
    assertEquals(
        "https://x.example.com/by-key/k1",
        Templates.url(
            "https://x.example.com/by-key/{idempotencyKey}",
            json("{}"),
            Map.of(Templates.IDEMPOTENCY_KEY, "k1")));
  }

  @Test
  void aValueThatMakesADotSegmentSendsNothing() {
    var template = "https://x.example.com/api/v1/items/{id}/notes";
    for (var value : new String[] {"..", ".", "%2E%2E", "%2e."}) {
      var arguments = Json.createObjectBuilder().add("id", value).build();
      if (value.contains("%")) {
        // The encoder turns a percent sign into %25, so an encoded dot in a value stays text.
        assertEquals(
            "https://x.example.com/api/v1/items/" + value.replace("%", "%25") + "/notes",
            Templates.url(template, arguments, Map.of()));
      } else {
        var refused =
            assertThrows(
                Templates.UnsafeValue.class, () -> Templates.url(template, arguments, Map.of()));
        assertTrue(refused.getMessage().contains("'..'"), refused.getMessage());
      }
    }
    var twoHalves = json("{\"a\":\".\",\"b\":\".\"}");
    assertThrows(
        Templates.UnsafeValue.class,
        () -> Templates.url("https://x.example.com/items/{a}{b}/x", twoHalves, Map.of()));
  }

  @Test
  void dotsInsideASegmentOrInTheQueryAreJustText() {
    assertEquals(
        "https://x.example.com/files/report...v2.txt?path=..",
        Templates.url(
            "https://x.example.com/files/{name}?path={path}",
            json("{\"name\":\"report...v2.txt\",\"path\":\"..\"}"),
            Map.of()));
    assertEquals(
        "https://x.example.com/static/../x/a",
        Templates.url("https://x.example.com/static/../x/{id}", json("{\"id\":\"a\"}"), Map.of()),
        "a dot segment the template itself has is the operator's, not a value's");
  }

  @Test
  void aMissingUrlArgumentSendsNothing() {
    assertThrows(
        Templates.MissingValue.class,
        () -> Templates.url("https://x.example.com/{id}", json("{}"), Map.of()));
    assertThrows(
        Templates.MissingValue.class,
        () -> Templates.url("https://x.example.com/{id}", json("{\"id\":null}"), Map.of()));
  }

  @Test
  void aWholeStringPlaceholderKeepsTheArgumentsJsonTypeAndAnInnerOneIsText() {
    var body =
        Templates.body(
            json(
                "{\"amount\":\"{amount}\",\"tags\":[\"{tags}\"],\"memo\":\"for {who} ({amount})\","
                    + "\"missing\":\"{nope}\",\"fixed\":7,\"key\":\"{idempotencyKey}\"}"),
            json("{\"amount\":12,\"tags\":[\"a\"],\"who\":\"Ann\"}"),
            Map.of(Templates.IDEMPOTENCY_KEY, "k"));
    assertEquals(
        json(
            "{\"amount\":12,\"tags\":[[\"a\"]],\"memo\":\"for Ann (12)\",\"missing\":null,"
                + "\"fixed\":7,\"key\":\"k\"}"),
        body);
  }

  @Test
  void secretsAreResolvedFromConfigAndAMissingOneIsNamedNotShown() {
    var headers =
        Templates.headers(
            Map.of("Authorization", "Bearer ${secret:api.token}", "X-Static", "plain"),
            property -> property.equals("api.token") ? Optional.of("s3cr3t") : Optional.empty());
    assertEquals("Bearer s3cr3t", headers.get("Authorization"));
    assertEquals("plain", headers.get("X-Static"));

    var missing =
        assertThrows(
            Templates.MissingValue.class,
            () ->
                Templates.headers(
                    Map.of("Authorization", "${secret:other}"), p -> Optional.empty()));
    assertTrue(missing.getMessage().contains("other"));
    assertTrue(
        missing.getMessage().contains("tool-secret.other, in the environment TOOL_SECRET_OTHER"),
        missing.getMessage());
  }

  @Test
  void aRequestNeverShowsItsHeaderValues() {
    var request =
        new ExternalRequest(
            "send_invoice",
            "POST",
            URI.create("https://billing.example.com/v1"),
            Map.of("Authorization", "Bearer s3cr3t"),
            Optional.of("{}"),
            "key",
            Duration.ofSeconds(1),
            true);
    assertFalse(request.toString().contains("s3cr3t"), request.toString());
    assertTrue(request.toString().contains("Authorization"));
  }

  @Test
  void placeholdersAndSecretNamesAreListed() {
    assertEquals(
        java.util.Set.of("a", "b"), Templates.placeholders("https://h.example.com/{a}/{b}/{a}"));
    assertEquals(java.util.Set.of("t"), Templates.secretNames("Bearer ${secret:t}"));
  }
}
