package io.reveille.tool.control.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.tool.control.OperationIds;
import io.reveille.tool.control.ToolContract;
import io.reveille.tool.control.ToolContractParityTest;
import io.reveille.tool.entity.Capability;
import io.reveille.tool.entity.ScopeRule;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * External tools join the registry and the contract from one declaration: the same parity rules
 * hold for them as for built-in tools, their contract entries carry no URL, header or secret, and
 * the key they send is derived from the run, the tool, the arguments and the scope values.
 */
class ExternalToolsTest {

  private static String example() {
    try (var in =
        ExternalToolsTest.class
            .getClassLoader()
            .getResourceAsStream("external/example-tools.json")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static java.util.List<io.reveille.tool.control.external.ExternalToolDeclaration>
      declarations() {
    var builtIn = new HashSet<>(ToolContract.fromClasspath().toolNames());
    return ExternalToolDocument.parse(
        example(), builtIn, new SideEffectClassifier(Set.of(), Set.of()));
  }

  @Test
  void externalToolsJoinTheContractAndAgreeWithTheirDefinitions() {
    var tools = declarations();
    var contract =
        ToolContract.fromClasspath()
            .withTools(tools.stream().map(ExternalToolDefinitions::contractEntry).toList());

    var drift = new java.util.ArrayList<String>();
    for (var tool : tools) {
      var definition = ExternalToolDefinitions.definition(tool);
      assertEquals(Set.of(Capability.EXTERNAL_CALL), definition.capabilities());
      assertEquals(Set.of(ScopeRule.OUTSIDE_REVEILLE), definition.scopeRules());
      drift.addAll(
          ToolContractParityTest.differences(
              definition, contract.entry(tool.name()).orElseThrow()));
    }
    assertTrue(drift.isEmpty(), String.join("\n", drift));
    assertTrue(contract.toolNames().containsAll(Set.of("send_invoice", "get_exchange_rate")));
    assertTrue(contract.yaml().contains("send_invoice"), "the YAML form lists them too");
  }

  @Test
  void theContractShowsNoUrlHeaderOrSecret() {
    var contract =
        ToolContract.fromClasspath()
            .withTools(
                declarations().stream().map(ExternalToolDefinitions::contractEntry).toList());
    assertFalse(contract.json().contains("billing.example.com"));
    assertFalse(contract.json().contains("secret"));
    assertFalse(contract.yaml().contains("Authorization"));
  }

  @Test
  void argumentsAreValidatedAgainstTheDeclaredInputSchema() {
    var contract =
        ToolContract.fromClasspath()
            .withTools(
                declarations().stream().map(ExternalToolDefinitions::contractEntry).toList());
    assertTrue(
        contract
            .validateInput("send_invoice", "{\"customerId\":\"c1\",\"amountCents\":100}")
            .isEmpty());
    var violations = contract.validateInput("send_invoice", "{\"customerId\":\"c1\"}");
    assertEquals(1, violations.size(), violations.toString());
  }

  @Test
  void anEntryThatBreaksTheContractSchemaIsRefused() {
    var entry = ExternalToolDefinitions.contractEntry(declarations().get(0));
    var broken = entry.replace("\"riskLevel\":\"medium\"", "\"riskLevel\":\"extreme\"");
    assertThrows(
        IllegalStateException.class,
        () -> ToolContract.fromClasspath().withTools(java.util.List.of(broken)));
    var clash = entry.replace("\"name\":\"send_invoice\"", "\"name\":\"create_task\"");
    assertThrows(
        IllegalStateException.class,
        () -> ToolContract.fromClasspath().withTools(java.util.List.of(clash)));
  }

  @Test
  void theIdempotencyKeyFollowsRunToolArgumentsAndScope() {
    var scope = Json.createObjectBuilder().add("customerId", "c1").build();
    var arguments = OperationIds.argumentsHash(args("c1", 100));
    var key =
        OperationIds.externalIdempotencyKey("run-1", "external", "send_invoice", arguments, scope);

    assertEquals(64, key.length());
    assertTrue(key.matches("[0-9a-f]{64}"));
    assertEquals(
        key,
        OperationIds.externalIdempotencyKey(
            "run-1",
            "external",
            "send_invoice",
            OperationIds.argumentsHash(
                Json.createObjectBuilder().add("amountCents", 100).add("customerId", "c1").build()),
            scope),
        "argument order does not matter");
    var others =
        Set.of(
            OperationIds.externalIdempotencyKey(
                "run-2", "external", "send_invoice", arguments, scope),
            OperationIds.externalIdempotencyKey("run-1", "other", "send_invoice", arguments, scope),
            OperationIds.externalIdempotencyKey("run-1", "external", "send_memo", arguments, scope),
            OperationIds.externalIdempotencyKey(
                "run-1",
                "external",
                "send_invoice",
                OperationIds.argumentsHash(args("c1", 101)),
                scope),
            OperationIds.externalIdempotencyKey(
                "run-1",
                "external",
                "send_invoice",
                arguments,
                Json.createObjectBuilder().add("customerId", "c2").build()));
    assertEquals(5, others.size());
    assertFalse(others.contains(key));
    assertNotEquals(
        OperationIds.externalIdempotencyKey("a|b", "c", "t", arguments, scope),
        OperationIds.externalIdempotencyKey("a", "b|c", "t", arguments, scope),
        "parts are length-prefixed, so no two splits collide");
  }

  @Test
  void everyCapabilityNamedInTheContractIsKnownAndExternalCallIsOne() {
    var contract = ToolContract.fromClasspath();
    var known =
        java.util.Arrays.stream(Capability.values())
            .map(Capability::wire)
            .collect(Collectors.toSet());
    assertTrue(known.contains("externalCall"));
    assertTrue(contract.json().contains("externalCall"));
  }

  @Test
  void aSecretIsReadFromItsOwnNamespaceAndFromNothingElse() {
    var tools =
        tools(
            Map.of(
                "tool-secret.billing.api-token", "tok-1",
                "billing.api-token", "not-the-secret",
                "reveille.admin.password", "admin-password",
                "REVEILLE_ADMIN_PASSWORD", "admin-password",
                "reveille.db.password", "db-password"));
    assertEquals(Optional.of("tok-1"), tools.secret("billing.api-token"));
    for (var setting :
        new String[] {
          "reveille.admin.password", "REVEILLE_ADMIN_PASSWORD", "reveille.db.password"
        }) {
      assertEquals(Optional.empty(), tools.secret(setting), setting);
    }
    assertEquals("tool-secret.billing.api-token", Templates.secretProperty("billing.api-token"));
    assertEquals("TOOL_SECRET_BILLING_API_TOKEN", Templates.secretVariable("billing.api-token"));
  }

  /**
   * What the deployment runs ({@code ToolRegistry} loads the tools when the application starts):
   * the document {@code reveille.tools.external.file} names is refused, naming the file and the
   * reference, so the application does not start.
   */
  @Test
  void aDocumentNamingTheAdministratorPasswordIsRefusedAtDeploy(@TempDir Path directory)
      throws IOException {
    var file = directory.resolve("tools.json");
    Files.writeString(
        file,
        example()
            .replace(
                "\"Authorization\":",
                "\"X-Admin\": \"${secret:REVEILLE_ADMIN_PASSWORD}\", \"Authorization\":"));
    var tools =
        tools(
            Map.of(
                "reveille.tools.external.file",
                file.toString(),
                "REVEILLE_ADMIN_PASSWORD",
                "admin-password"));
    var builtIn = new HashSet<>(ToolContract.fromClasspath().toolNames());

    var refused = assertThrows(IllegalStateException.class, () -> tools.load(builtIn));
    assertTrue(refused.getMessage().startsWith(file.toString()), refused.getMessage());
    assertTrue(
        refused
            .getMessage()
            .contains("${secret:REVEILLE_ADMIN_PASSWORD} names one of Reveille's own settings"),
        refused.getMessage());
    assertFalse(refused.getMessage().contains("admin-password"), refused.getMessage());

    Files.writeString(file, example());
    assertEquals(2, tools.load(builtIn).size(), "the same document without it deploys");
  }

  /** The external tools of a server whose configuration is {@code properties}. */
  private static ExternalTools tools(Map<String, String> properties) {
    var config = config(properties);
    var tools = new ExternalTools();
    tools.config = config;
    tools.settings = new ExternalToolsConfig(config);
    tools.clock = java.time.Clock.systemUTC();
    tools.init();
    return tools;
  }

  /** A configuration of {@code properties} alone, as {@code getOptionalValue} reads it. */
  private static Config config(Map<String, String> properties) {
    return (Config)
        Proxy.newProxyInstance(
            Config.class.getClassLoader(),
            new Class<?>[] {Config.class},
            (proxy, method, arguments) -> {
              if (!method.getName().equals("getOptionalValue")) {
                throw new UnsupportedOperationException(method.getName());
              }
              var type = (Class<?>) arguments[1];
              return Optional.ofNullable(properties.get((String) arguments[0]))
                  .map(value -> type == Integer.class ? Integer.valueOf(value) : value);
            });
  }

  private static JsonObject args(String customer, int cents) {
    return Json.createObjectBuilder().add("customerId", customer).add("amountCents", cents).build();
  }
}
