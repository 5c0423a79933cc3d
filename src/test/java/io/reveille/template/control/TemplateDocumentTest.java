package io.reveille.template.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.util.List;
import org.junit.jupiter.api.Test;

class TemplateDocumentTest {

  @Test
  void everyShippedTemplateReadsAndNamesItselfAsItsFileDoes() {
    var names = TemplateCatalog.shippedNames();
    assertTrue(names.size() >= 7, names::toString);
    for (var name : names) {
      var template = TemplateDocument.shipped(TemplateCatalog.SHIPPED + name);
      assertEquals(name, template.id() + ".yaml");
      assertEquals(64, template.digest().length());
    }
  }

  @Test
  void theNextVersionWithOtherInstructionsKeepsEverythingElseAndIsCheckedLikeAnyTemplate() {
    var gym = TemplateDocument.shipped(TemplateCatalog.SHIPPED + "gymCoach.yaml");
    var next =
        gym.nextWithInstructions("Coach the user; sessions last {{sessionMinutes}} minutes.");

    assertEquals(gym.version() + 1, next.version());
    assertEquals(gym.id(), next.id());
    assertEquals("Coach the user; sessions last {{sessionMinutes}} minutes.", next.instructions());
    assertEquals(gym.parameters(), next.parameters());
    assertEquals(
        gym.json().getJsonArray("timers"), next.json().getJsonArray("timers"), "timers kept");
    assertFalse(gym.digest().equals(next.digest()));
    var made = next.instantiate(Json.createObjectBuilder().add("categoryId", "gym-1").build());
    assertTrue(
        made.agent()
            .getJsonObject("config")
            .getString("instructions")
            .startsWith("Coach the user; sessions last 60 minutes."),
        made::toString);

    var refused =
        assertThrows(
            IllegalStateException.class, () -> gym.nextWithInstructions("Lift {{weight}} kg."));
    assertTrue(refused.getMessage().contains("weight"), refused::getMessage);
  }

  @Test
  void parametersFillThePlaceholdersWithTheirTypesAndDefaults() {
    var gym = TemplateDocument.shipped(TemplateCatalog.SHIPPED + "gymCoach.yaml");
    var made = gym.instantiate(Json.createObjectBuilder().add("categoryId", "gym-1").build());

    assertEquals(
        List.of("gym-1"),
        made.agent()
            .getJsonArray("allowedCategoryIds")
            .getValuesAs(jakarta.json.JsonString::getString));
    var instructions = made.agent().getJsonObject("config").getString("instructions");
    assertTrue(instructions.contains("(60 minutes unless"), instructions);
    assertTrue(
        instructions.endsWith(
            "Write your report in these sections, in this order, each a Markdown heading: This"
                + " week, Sessions logged, Next week."),
        instructions);
    assertEquals(
        "categoryId == \"gym-1\" && status == \"done\"",
        made.subscriptions().get(0).getString("predicate"));
    assertEquals("UTC", made.timers().get(0).getJsonObject("schedule").getString("zone"));
  }

  @Test
  void anOptionalParameterLeftOutLeavesOutItsField() {
    var custom = TemplateDocument.shipped(TemplateCatalog.SHIPPED + "custom.yaml");
    var made = custom.instantiate(Json.createObjectBuilder().add("displayName", "Mine").build());

    assertEquals("Mine", made.agent().getString("displayName"));
    assertFalse(made.agent().containsKey("allowedCategoryIds"), made.agent()::toString);
    assertEquals(JsonValue.EMPTY_JSON_OBJECT, made.agent().getJsonObject("config"));
  }

  @Test
  void parametersOutsideTheirSchemaAreRefusedNamingEveryViolation() {
    var gym = TemplateDocument.shipped(TemplateCatalog.SHIPPED + "gymCoach.yaml");
    var refused =
        assertThrows(
            InvalidInputException.class,
            () ->
                gym.instantiate(
                    Json.createObjectBuilder()
                        .add("categoryId", "gym\" || true || \"")
                        .add("sessionMinutes", 1)
                        .add("colour", "red")
                        .build()));
    assertEquals("parameters", refused.getField());
    var message = refused.getMessage();
    assertTrue(message.contains("categoryId"), message);
    assertTrue(message.contains("sessionMinutes"), message);
    assertTrue(message.contains("colour"), message);
  }

  @Test
  void anArrayOfConfinedValuesIsWrittenIntoAPredicateAsAJsonArray() {
    var planner = TemplateDocument.shipped(TemplateCatalog.SHIPPED + "dayPlanner.yaml");
    var made =
        planner.instantiate(
            Json.createObjectBuilder()
                .add("categoryIds", Json.createArrayBuilder().add("work").add("home-2"))
                .build());
    assertEquals(
        "categoryId in [\"work\",\"home-2\"]", made.subscriptions().get(0).getString("predicate"));
    var unconfined =
        """
        id: loose
        version: 1
        displayName: Loose
        description: An array of free text written into a predicate.
        parameters:
          type: object
          required: [names]
          properties:
            names: {type: array, items: {type: string}}
          additionalProperties: false
        agent: {kind: custom, displayName: Loose}
        subscriptions:
          - semanticKeys: [TASK]
            predicate: 'title in {{names}}'
        """;
    var refused =
        assertThrows(
                IllegalStateException.class, () -> TemplateDocument.parse(unconfined, "loose.yaml"))
            .getMessage();
    assertTrue(refused.contains("or an array of such"), refused);
  }

  @Test
  void aTemplateBreakingTheRulesIsRefusedWithEveryFieldNamed() {
    var text =
        """
        id: broken
        version: 1
        displayName: Broken
        description: A template with every mistake the schema cannot see.
        parameters:
          type: object
          required: [missing]
          properties:
            note: {type: string}
            loose: {type: string, default: x}
          additionalProperties: false
        agent:
          kind: custom
          taskId: t-1
          displayName: "Broken {{note}}"
          config: {instructions: "about {{loose}} and {{nobody}}"}
        """;
    var refused =
        assertThrows(IllegalStateException.class, () -> TemplateDocument.parse(text, "broken.yaml"))
            .getMessage();
    assertTrue(refused.startsWith("template broken.yaml is invalid (6 violations)"), refused);
    for (var expected :
        List.of(
            "$.agent.taskId: only a taskAgent template names a task",
            "$.parameters.required: 'missing' is not among its properties",
            "$.agent.displayName: {{note}} is written inside a text, so the parameter must be"
                + " required or have a default",
            "$.agent.displayName: {{note}} is written inside a text, so the parameter must be a"
                + " number",
            "$.agent.config.instructions: {{loose}} is written inside a text, so the parameter must"
                + " be a number",
            "$.agent.config.instructions: {{nobody}} names no declared parameter")) {
      assertTrue(refused.contains(expected), () -> expected + " in " + refused);
    }
  }

  @Test
  void aSchemaViolationNamesTheField() {
    var refused =
        assertThrows(
                IllegalStateException.class,
                () ->
                    TemplateDocument.parse(
                        "{\"id\":\"Bad Id\",\"version\":0,\"displayName\":\"x\","
                            + "\"description\":\"long enough text\",\"parameters\":"
                            + "{\"type\":\"object\",\"properties\":{}},"
                            + "\"agent\":{\"kind\":\"robot\",\"displayName\":\"x\"}}",
                        "bad.json"))
            .getMessage();
    assertTrue(refused.contains("/id"), refused);
    assertTrue(refused.contains("/version"), refused);
    assertTrue(refused.contains("/agent/kind"), refused);
  }

  @Test
  void toolsATemplateNamesMustExistUnlessAnMcpServerBringsThem() {
    var gym = TemplateDocument.shipped(TemplateCatalog.SHIPPED + "gymCoach.yaml");
    var named =
        gym.json()
            .getJsonObject("agent")
            .getJsonObject("config")
            .getJsonArray("tools")
            .getValuesAs(jakarta.json.JsonString::getString);
    assertEquals(List.of(), TemplateCatalog.unknownTools(gym, java.util.Set.copyOf(named)));
    var missing = TemplateCatalog.unknownTools(gym, java.util.Set.of("record_observations"));
    assertEquals(named.size() - 1, missing.size(), missing::toString);
    assertTrue(
        missing.contains(
            "template gymCoach version 1: $.agent.config.tools names"
                + " 'create_retrospective_time_entry', which no tool has"),
        missing::toString);
  }

  @Test
  void toolsATemplateWantsHeldMustBeAbleToWaitForAPerson() {
    var template =
        TemplateDocument.parse(
            """
            id: careful
            version: 1
            displayName: Careful
            description: An agent whose status changes wait for a person.
            parameters: {type: object, properties: {}, additionalProperties: false}
            agent:
              kind: custom
              displayName: Careful
              config:
                approvalTools: [set_task_status, list_tasks_in_scope, mcp__docs__write]
            """,
            "careful.yaml");
    var problems =
        TemplateCatalog.unholdableTools(template, java.util.Set.of("set_task_status")::contains);
    assertEquals(
        List.of(
            "template careful version 1: $.agent.config.approvalTools names 'list_tasks_in_scope',"
                + " which no tool has, or which does not change anything or cannot preview its"
                + " effect for a person to approve"),
        problems);
  }
}
