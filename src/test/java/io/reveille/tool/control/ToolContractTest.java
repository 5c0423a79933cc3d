package io.reveille.tool.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The contract in docs/agent_tools validates against its JSON Schema (this is the CI check), and
 * the schema really refuses a broken contract.
 */
class ToolContractTest {

  private static final Path YAML = Path.of("docs/agent_tools/agent_tool_contract_spec.yaml");
  private static final Path SCHEMA =
      Path.of("docs/agent_tools/agent_tool_contract_spec.schema.json");

  @Test
  void theContractInTheRepositoryValidatesAgainstItsSchema() throws IOException {
    var contract = ToolContract.parse(Files.readString(YAML), Files.readString(SCHEMA));
    assertFalse(contract.toolNames().isEmpty());
  }

  @Test
  void theApplicationShipsTheSameContract() throws IOException {
    assertEquals(Files.readString(YAML), ToolContract.fromClasspath().yaml());
  }

  @Test
  void aToolWithoutScopeRulesIsRefused() throws IOException {
    var broken =
        Files.readString(YAML)
            .replaceFirst("scopeRules: \\[readsFilteredByScope\\]", "scopeRules: []");
    var error =
        assertThrows(
            IllegalStateException.class,
            () -> ToolContract.parse(broken, Files.readString(SCHEMA)));
    assertTrue(error.getMessage().contains("scopeRules"), error.getMessage());
  }

  @Test
  void aHighRiskToolMustSupportPreview() throws IOException {
    var broken =
        Files.readString(YAML)
            .replaceFirst(
                "riskLevel: medium\n    previewSupported: false",
                "riskLevel: high\n    previewSupported: false");
    assertThrows(
        IllegalStateException.class, () -> ToolContract.parse(broken, Files.readString(SCHEMA)));
  }

  @Test
  void aResultWithoutItsFieldsViolatesTheOutputSchema() {
    var contract = ToolContract.fromClasspath();
    assertFalse(contract.validateOutput("update_task_priority", "{}").isEmpty());
    assertFalse(
        contract
            .validateOutput("list_allowed_categories", "{\"categories\":[],\"extra\":1}")
            .isEmpty());
    assertEquals(
        java.util.List.of(),
        contract.validateOutput("list_allowed_categories", "{\"categories\":[]}"));
  }

  /**
   * Found by the fuzz test: arguments nested deeper than the validator's JSON reader reads threw
   * out of the validation (the run failed) instead of being a violation the model can correct.
   */
  @Test
  void argumentsTheValidatorCannotReadAreAViolation() {
    var contract = ToolContract.fromClasspath();
    var deep = "{\"taskId\":" + "[".repeat(501) + "]".repeat(501) + "}";
    var violations = contract.validateInput("update_task_priority", deep);
    assertEquals(1, violations.size(), violations::toString);
    assertTrue(violations.get(0).startsWith("$: not readable"), violations::toString);
  }

  @Test
  void oldSpellingsOfATasksStatusAndPriorityPassTheSchemaOnceRewritten() {
    var contract = ToolContract.fromClasspath();
    var old =
        jakarta.json.Json.createObjectBuilder()
            .add("taskId", "t")
            .add("priority", "P1")
            .add("title", "DONE")
            .build();
    assertFalse(contract.validateInput("update_task_priority", old.toString()).isEmpty());
    var rewritten = ToolChecks.inWireNames(old);
    assertEquals("p1", rewritten.getString("priority"));
    assertEquals("DONE", rewritten.getString("title"), "only status and priority fields");
    assertEquals(
        java.util.List.of(),
        contract.validateInput(
            "update_task_priority",
            ToolChecks.inWireNames(
                    jakarta.json.Json.createObjectBuilder()
                        .add("taskId", "t")
                        .add("priority", "P1")
                        .build())
                .toString()));
    var statuses =
        ToolChecks.inWireNames(
            jakarta.json.Json.createObjectBuilder()
                .add("statuses", jakarta.json.Json.createArrayBuilder().add("OPEN").add("done"))
                .build());
    assertEquals("[\"open\",\"done\"]", statuses.getJsonArray("statuses").toString());
  }

  @Test
  void argumentsAreValidatedAgainstTheInputSchemaNamingTheField() {
    var contract = ToolContract.fromClasspath();
    assertEquals(
        java.util.List.of(),
        contract.validateInput("update_task_priority", "{\"taskId\":\"t\",\"priority\":\"p1\"}"));
    var violations =
        contract.validateInput(
            "update_task_priority", "{\"taskId\":\"t\",\"priority\":\"urgent\"}");
    assertEquals(1, violations.size(), violations.toString());
    assertTrue(violations.get(0).contains("priority"), violations.toString());
    var unknown =
        contract.validateInput("update_task_priority", "{\"priority\":\"p1\",\"colour\":1}");
    assertTrue(unknown.toString().contains("colour"), unknown.toString());
    var badDate = contract.validateInput("update_task_due_date", "{\"dueDate\":\"2026-02-30\"}");
    assertFalse(badDate.isEmpty(), "format date is asserted");
  }
}
