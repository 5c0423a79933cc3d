package io.reveille.tool.control.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.tool.entity.RiskLevel;
import io.reveille.tool.entity.ToolSideEffect;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ExternalToolDocumentTest {

  private static final SideEffectClassifier CLASSIFIER =
      new SideEffectClassifier(Set.of(), Set.of());

  static String example() {
    try (InputStream in =
        ExternalToolDocumentTest.class
            .getClassLoader()
            .getResourceAsStream("external/example-tools.json")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void theReadmeExampleIsValidAndClassifiedByName() {
    var tools = ExternalToolDocument.parse(example(), Set.of("create_task"), CLASSIFIER);

    assertEquals(2, tools.size());
    var send = tools.get(0);
    assertEquals("send_invoice", send.name());
    assertEquals(ToolSideEffect.EXTERNAL, send.sideEffect());
    assertEquals(RiskLevel.MEDIUM, send.riskLevel());
    assertTrue(send.idempotent());
    assertEquals(Optional.of("X-Request-Id"), send.response().correlationHeader());
    assertEquals("Bearer ${secret:billing.api-token}", send.headers().get("Authorization"));
    assertEquals(ToolSideEffect.READ_ONLY, tools.get(1).sideEffect());
  }

  @Test
  void yamlIsReadLikeJson() {
    var yaml =
        """
        tools:
          - name: ping_service
            description: Pings the service to wake it up.
            method: POST
            url: https://svc.example.com/ping
            inputSchema: {type: object, properties: {}, additionalProperties: false}
            outputSchema: {type: object, properties: {}, additionalProperties: false}
            timeoutMillis: 1000
            idempotent: false
            riskLevel: low
        """;
    var tools = ExternalToolDocument.parse(yaml, Set.of(), CLASSIFIER);
    assertEquals(ToolSideEffect.EXTERNAL, tools.get(0).sideEffect(), "no verb → external");
  }

  @Test
  void aToolMayNarrowItsWakeReasonsAndAnUnknownOneIsRefused() {
    var narrowed =
        example()
            .replace(
                "\"riskLevel\": \"medium\"",
                "\"riskLevel\": \"medium\", \"allowedWakeReasons\": [\"userInitiated\", \"manual\"]");
    var tools = ExternalToolDocument.parse(narrowed, Set.of(), CLASSIFIER);
    assertEquals(
        java.util.EnumSet.of(
            io.reveille.wake.entity.WakeReason.USER_INITIATED,
            io.reveille.wake.entity.WakeReason.MANUAL),
        tools.get(0).allowedWakeReasons());
    assertEquals(
        java.util.EnumSet.allOf(io.reveille.wake.entity.WakeReason.class),
        tools.get(1).allowedWakeReasons(),
        "every reason when the tool names none");
    var definition = ExternalToolDefinitions.definition(tools.get(0));
    assertEquals(tools.get(0).allowedWakeReasons(), definition.allowedWakeReasons());
    assertTrue(
        ExternalToolDefinitions.contractEntry(tools.get(0))
            .contains("\"allowedWakeReasons\":[\"manual\",\"userInitiated\"]"));
    for (var bad : new String[] {"[\"whenever\"]", "[]", "\"manual\""}) {
      var refused =
          assertThrows(
              IllegalStateException.class,
              () ->
                  ExternalToolDocument.parse(
                      example()
                          .replace(
                              "\"riskLevel\": \"medium\"",
                              "\"riskLevel\": \"medium\", \"allowedWakeReasons\": " + bad),
                      Set.of(),
                      CLASSIFIER));
      assertTrue(refused.getMessage().contains("allowedWakeReasons"), refused::getMessage);
    }
  }

  @Test
  void schemaViolationsAreAllNamedAtOnce() {
    var bad =
        example()
            .replace("\"timeoutMillis\": 5000", "\"timeoutMillis\": 600000")
            .replace("\"riskLevel\": \"medium\"", "\"riskLevel\": \"high\"")
            .replace("\"name\": \"send_invoice\"", "\"name\": \"Send-Invoice\"");
    var refused =
        assertThrows(
            IllegalStateException.class,
            () -> ExternalToolDocument.parse(bad, Set.of(), CLASSIFIER));
    var message = refused.getMessage();
    assertTrue(message.contains("timeoutMillis"), message);
    assertTrue(message.contains("riskLevel"), message);
    assertTrue(message.contains("name"), message);
  }

  @Test
  void rulesBeyondTheSchemaAreAllNamedWithTheToolAndField() {
    var bad =
        example()
            .replace(
                "https://billing.example.com/v1/customers/{customerId}/invoices",
                "https://{customerId}.example.com/v1/invoices?token=${secret:billing.api-token}")
            .replace(
                "\"Authorization\":",
                "\"Idempotency-Key\": \"mine\", \"X-Admin\": \"${secret:reveille.admin.password}\","
                    + " \"Authorization\":")
            .replace("\"memo\": \"Invoice for {customerId}\"", "\"memo\": \"{nickname}\"")
            .replace("\"scopeArguments\": [\"customerId\"]", "\"scopeArguments\": [\"region\"]")
            .replace("\"state\": \"/status\"", "\"state\": \"/status\", \"extra\": \"/x\"")
            .replace("\"name\": \"get_exchange_rate\"", "\"name\": \"create_task\"");
    var refused =
        assertThrows(
            IllegalStateException.class,
            () -> ExternalToolDocument.parse(bad, Set.of("create_task"), CLASSIFIER));
    var message = refused.getMessage();
    assertTrue(message.contains("tools[0] (send_invoice).url: secrets"), message);
    assertTrue(message.contains("headers.Idempotency-Key: set by Reveille"), message);
    assertTrue(
        message.contains("headers.X-Admin: ${secret:reveille.admin.password} names"), message);
    assertTrue(message.contains("body: {nickname} is not an argument"), message);
    assertTrue(message.contains("scopeArguments: 'region'"), message);
    assertTrue(message.contains("response.fields.extra: not a property of outputSchema"), message);
    assertTrue(message.contains("tools[1] (create_task).name: a built-in tool"), message);
  }

  @Test
  void aSecretNamingOneOfReveillesSettingsIsRefusedInAnySpelling() {
    for (var name :
        new String[] {
          "reveille.admin.password",
          "REVEILLE_ADMIN_PASSWORD",
          "Reveille.Admin.Password",
          "reveille-db-password",
          "REVEILLE_BROKER_PASSWORD"
        }) {
      var bad =
          example()
              .replace(
                  "\"Authorization\":",
                  "\"X-Admin\": \"${secret:" + name + "}\", \"Authorization\":");
      var refused =
          assertThrows(
              IllegalStateException.class,
              () -> ExternalToolDocument.parse(bad, Set.of(), CLASSIFIER),
              name);
      assertTrue(
          refused.getMessage().contains("${secret:" + name + "} names one of Reveille's own"),
          refused.getMessage());
    }
    assertFalse(ExternalToolDocument.isReveilleSetting("billing.api-token"));
    assertFalse(ExternalToolDocument.isReveilleSetting("reveilled.token"));
  }

  @Test
  void theHostMustBeLiteralAndUrlPlaceholdersRequired() {
    var bad =
        example()
            .replace(
                "https://billing.example.com/v1/customers/{customerId}/invoices",
                "https://billing.example.com{customerId}/invoices")
            .replace(
                "https://rates.example.com/v1/rates/{from}/{to}",
                "https://rates.example.com/v1/rates/{from}/{to}?at={day}")
            .replace("\"required\": [\"from\", \"to\"],", "\"required\": [\"from\"],");
    var message =
        assertThrows(
                IllegalStateException.class,
                () -> ExternalToolDocument.parse(bad, Set.of(), CLASSIFIER))
            .getMessage();
    assertTrue(
        message.contains("(send_invoice).url: the scheme, host and port must be literal"), message);
    assertTrue(
        message.contains("(get_exchange_rate).url: {to} must be a required argument"), message);
    assertTrue(message.contains("{day} must be a required argument"), message);
  }

  @Test
  void aToolDeclaredTwiceAndAGetWithABodyAreRefused() {
    var twice = example().replace("\"name\": \"get_exchange_rate\"", "\"name\": \"send_invoice\"");
    var message =
        assertThrows(
                IllegalStateException.class,
                () -> ExternalToolDocument.parse(twice, Set.of(), CLASSIFIER))
            .getMessage();
    assertTrue(message.contains("declared twice"), message);

    var getWithBody = example().replace("\"method\": \"POST\"", "\"method\": \"GET\"");
    message =
        assertThrows(
                IllegalStateException.class,
                () -> ExternalToolDocument.parse(getWithBody, Set.of(), CLASSIFIER))
            .getMessage();
    assertTrue(message.contains("body: a GET request sends no body"), message);
  }

  @Test
  void aDocumentThatIsNotJsonOrYamlIsRefused() {
    assertThrows(
        IllegalStateException.class,
        () -> ExternalToolDocument.parse("tools: [ {", Set.of(), CLASSIFIER));
  }

  @Test
  void theDeclarationsToStringNamesHeadersWithoutTheirValues() {
    var send = ExternalToolDocument.parse(example(), Set.of(), CLASSIFIER).get(0);
    assertTrue(send.toString().contains("Authorization"));
    assertFalse(send.toString().contains("secret"), send.toString());
  }
}
