package io.reveille.agent.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class AgentConfigTest {

  @Test
  void userConfigWithEveryFieldIsReadAndShownBack() {
    var config =
        AgentConfig.fromUserJson(
            json(
                """
        {"schemaVersion":1,"modelId":"gpt-x","promptId":"p-1","instructions":"Report changes.",
         "extension":{"acme.color":"blue"}}"""),
            "config");
    assertEquals(Optional.of("gpt-x"), config.getModelId());
    assertEquals(Optional.of("p-1"), config.getPromptId());
    assertEquals(Optional.of("Report changes."), config.getInstructions());
    assertEquals("blue", config.getExtension().getString("acme.color"));
    assertEquals(
        json(
            """
        {"schemaVersion":1,"modelId":"gpt-x","promptId":"p-1","instructions":"Report changes.",
         "extension":{"acme.color":"blue"}}"""),
        config.toJson());
  }

  @Test
  void emptyUserConfigIsTheEmptyConfig() {
    assertEquals(AgentConfig.empty(), AgentConfig.fromUserJson(json("{}"), "config"));
    assertEquals(json("{\"schemaVersion\":1,\"extension\":{}}"), AgentConfig.empty().toJson());
  }

  @Test
  void nullFieldCountsAsAbsent() {
    assertEquals(
        AgentConfig.empty(),
        AgentConfig.fromUserJson(json("{\"modelId\":null,\"extension\":null}"), "config"));
  }

  @Test
  void modelIdOfTheWrongTypeIsRejectedNamingConfigModelId() {
    var error =
        assertThrows(
            InvalidInputException.class,
            () -> AgentConfig.fromUserJson(json("{\"modelId\":42}"), "config"));
    assertEquals("config.modelId", error.getField());
    assertTrue(error.getMessage().contains("must be a string"), error::getMessage);
  }

  @Test
  void unknownTopLevelFieldIsRejectedNamingIt() {
    var error =
        assertThrows(
            InvalidInputException.class,
            () -> AgentConfig.fromUserJson(json("{\"modelID\":\"x\"}"), "config"));
    assertEquals("config.modelID", error.getField());
    assertTrue(error.getMessage().contains("modelId"), "lists the known fields");
  }

  @Test
  void otherSchemaVersionIsRejected() {
    assertEquals(
        "config.schemaVersion",
        assertThrows(
                InvalidInputException.class,
                () -> AgentConfig.fromUserJson(json("{\"schemaVersion\":2}"), "config"))
            .getField());
    assertEquals(
        "config.schemaVersion",
        assertThrows(
                InvalidInputException.class,
                () -> AgentConfig.fromUserJson(json("{\"schemaVersion\":\"1\"}"), "config"))
            .getField());
  }

  @Test
  void extensionKeysMustBeNamespaced() {
    var error =
        assertThrows(
            InvalidInputException.class,
            () ->
                AgentConfig.fromUserJson(
                    json("{\"extension\":{\"acme.ok\":1,\"color\":\"blue\"}}"), "config"));
    assertEquals("config.extension.color", error.getField());
    assertEquals(
        "config.extension",
        assertThrows(
                InvalidInputException.class,
                () -> AgentConfig.fromUserJson(json("{\"extension\":[1]}"), "config"))
            .getField());
  }

  @Test
  void instructionsAreBoundedAndIdsMustNotBeBlank() {
    var longest = "x".repeat(AgentConfig.MAX_INSTRUCTIONS_LENGTH);
    AgentConfig.fromUserJson(
        Json.createObjectBuilder().add("instructions", longest).build(), "config");
    assertEquals(
        "config.instructions",
        assertThrows(
                InvalidInputException.class,
                () ->
                    AgentConfig.fromUserJson(
                        Json.createObjectBuilder().add("instructions", longest + "x").build(),
                        "config"))
            .getField());
    assertEquals(
        "config.promptId",
        assertThrows(
                InvalidInputException.class,
                () -> AgentConfig.fromUserJson(json("{\"promptId\":\" \"}"), "config"))
            .getField());
  }

  @Test
  void documentLargerThanTheStoredBoundIsRejected() {
    var extension = Json.createObjectBuilder();
    for (int i = 0; i < 4; i++) {
      extension.add("acme.part" + i, "y".repeat(9_000));
    }
    var error =
        assertThrows(
            InvalidInputException.class,
            () ->
                AgentConfig.fromUserJson(
                    Json.createObjectBuilder().add("extension", extension).build(), "config"));
    assertEquals("config", error.getField());
  }

  @Test
  void unknownFieldsFromANewerVersionSurviveReadModifyWrite() {
    var stored =
        """
        {"schemaVersion":2,"modelId":"m-1","temperature":0.3,"extension":{"acme.color":"red"},\
        "routing":{"fallback":"m-0"}}""";
    var changed = AgentConfig.fromStored(stored).withModelId("m-2");
    var written = json(changed.toStored());
    assertEquals("m-2", written.getString("modelId"));
    assertEquals(2, written.getInt("schemaVersion"), "a newer version is not downgraded");
    assertEquals(json("{\"fallback\":\"m-0\"}"), written.getJsonObject("routing"));
    assertEquals(0.3, written.getJsonNumber("temperature").doubleValue());
    assertEquals("red", written.getJsonObject("extension").getString("acme.color"));
    assertTrue(!changed.toJson().containsKey("routing"), "the API shows what it understands");
    assertEquals(1, changed.toJson().getInt("schemaVersion"));
  }

  @Test
  void budgetsAreReadAndShownBack() {
    var config =
        AgentConfig.fromUserJson(
            json("{\"budgets\":{\"maxSteps\":3,\"maxModelTokens\":5000,\"maxToolRetries\":0}}"),
            "config");
    assertEquals(OptionalLong.of(3), config.getBudgets().limit(AgentBudgets.MAX_STEPS));
    assertEquals(OptionalLong.of(5000), config.getBudgets().limit(AgentBudgets.MAX_MODEL_TOKENS));
    assertEquals(OptionalLong.of(0), config.getBudgets().limit(AgentBudgets.MAX_TOOL_RETRIES));
    assertEquals(OptionalLong.empty(), config.getBudgets().limit(AgentBudgets.MAX_TOOL_CALLS));
    assertEquals(
        json("{\"maxSteps\":3,\"maxToolRetries\":0,\"maxModelTokens\":5000}"),
        config.toJson().getJsonObject("budgets"));
    assertEquals(config, AgentConfig.fromStored(config.toStored()));
    assertTrue(!AgentConfig.empty().toJson().containsKey("budgets"), "no budgets, no field");
  }

  @Test
  void aDailyTokenQuotaAndItsZoneAreReadShownBackAndABadZoneIsRefusedNamingIt() {
    var config =
        AgentConfig.fromUserJson(
            json("{\"budgets\":{\"dailyTokens\":20000,\"dailyTokensZone\":\"Europe/Berlin\"}}"),
            "config");
    assertEquals(OptionalLong.of(20_000), config.getBudgets().limit(AgentBudgets.DAILY_TOKENS));
    assertEquals(
        java.util.Optional.of(java.time.ZoneId.of("Europe/Berlin")),
        config.getBudgets().dailyTokensZone());
    assertEquals(
        json("{\"dailyTokens\":20000,\"dailyTokensZone\":\"Europe/Berlin\"}"),
        config.toJson().getJsonObject("budgets"));
    assertEquals(config, AgentConfig.fromStored(config.toStored()));
    var zone =
        assertThrows(
            InvalidInputException.class,
            () ->
                AgentConfig.fromUserJson(
                    json("{\"budgets\":{\"dailyTokensZone\":\"Mars/Olympus\"}}"), "config"));
    assertEquals("config.budgets.dailyTokensZone", zone.getField());
    var many =
        assertThrows(
            InvalidInputException.class,
            () ->
                AgentConfig.fromUserJson(
                    json("{\"budgets\":{\"dailyTokens\":10000000001}}"), "config"));
    assertEquals("config.budgets.dailyTokens", many.getField());
  }

  @Test
  void theWorkingStateDeltaIsDeterministicByDefaultOrTheModels() {
    assertTrue(!AgentConfig.empty().writesWorkingStateWithModel());
    var model = AgentConfig.fromUserJson(json("{\"workingStateDelta\":\"model\"}"), "config");
    assertTrue(model.writesWorkingStateWithModel());
    assertEquals("model", model.toJson().getString("workingStateDelta"));
    assertEquals(model, AgentConfig.fromStored(model.toStored()));
    assertEquals(model, AgentConfig.empty().withModelStateDelta(true));
    assertTrue(
        !AgentConfig.fromUserJson(json("{\"workingStateDelta\":\"deterministic\"}"), "config")
            .writesWorkingStateWithModel());
    var wrong =
        assertThrows(
            InvalidInputException.class,
            () -> AgentConfig.fromUserJson(json("{\"workingStateDelta\":\"llm\"}"), "config"));
    assertEquals("config.workingStateDelta", wrong.getField());
  }

  @Test
  void budgetOutOfBoundsIsRejectedNamingConfigBudgetsField() {
    var zero =
        assertThrows(
            InvalidInputException.class,
            () -> AgentConfig.fromUserJson(json("{\"budgets\":{\"maxSteps\":0}}"), "config"));
    assertEquals("config.budgets.maxSteps", zero.getField());
    assertTrue(zero.getMessage().contains("between 1 and 100"), zero::getMessage);
    var fraction =
        assertThrows(
            InvalidInputException.class,
            () -> AgentConfig.fromUserJson(json("{\"budgets\":{\"maxToolCalls\":1.5}}"), "config"));
    assertEquals("config.budgets.maxToolCalls", fraction.getField());
    var unknown =
        assertThrows(
            InvalidInputException.class,
            () -> AgentConfig.fromUserJson(json("{\"budgets\":{\"maxTurns\":2}}"), "config"));
    assertEquals("config.budgets.maxTurns", unknown.getField());
    var notObject =
        assertThrows(
            InvalidInputException.class,
            () -> AgentConfig.fromUserJson(json("{\"budgets\":5}"), "config"));
    assertEquals("config.budgets", notObject.getField());
  }

  @Test
  void budgetFieldsFromANewerVersionAreKeptInStorage() {
    var stored = "{\"schemaVersion\":1,\"budgets\":{\"maxSteps\":4,\"maxCost\":9}}";
    var changed = AgentConfig.fromStored(stored).withModelId("m");
    var written = json(changed.toStored()).getJsonObject("budgets");
    assertEquals(json("{\"maxSteps\":4,\"maxCost\":9}"), written);
    assertEquals(json("{\"maxSteps\":4}"), changed.toJson().getJsonObject("budgets"));
  }

  @Test
  void budgetsWitherAppliesTheUserRules() {
    var config = AgentConfig.empty().withBudgets(AgentBudgets.of(Map.of("maxToolCalls", 7L)));
    assertEquals(OptionalLong.of(7), config.getBudgets().limit(AgentBudgets.MAX_TOOL_CALLS));
    var error =
        assertThrows(
            InvalidInputException.class, () -> AgentBudgets.of(Map.of("maxToolCalls", 1001L)));
    assertEquals("config.budgets.maxToolCalls", error.getField());
    assertEquals(AgentConfig.empty(), config.withBudgets(AgentBudgets.none()));
  }

  @Test
  void chainLimitsAreReadShownBackAndKeptWithWhatANewerVersionWrote() {
    var config =
        AgentConfig.fromUserJson(
            json("{\"chains\":{\"maxHops\":3,\"allowCycles\":true}}"), "config");
    assertEquals(java.util.OptionalInt.of(3), config.getChains().maxHops());
    assertTrue(config.getChains().allowCycles());
    assertEquals(
        json("{\"maxHops\":3,\"allowCycles\":true}"), config.toJson().getJsonObject("chains"));
    assertTrue(!AgentConfig.empty().toJson().containsKey("chains"), "the defaults, no field");
    assertEquals(AgentChains.defaults(), AgentConfig.empty().getChains());
    assertTrue(!AgentConfig.empty().getChains().allowCycles(), "cycles are broken by default");

    var stored = "{\"schemaVersion\":1,\"chains\":{\"maxHops\":2,\"window\":\"PT1H\"}}";
    var written = json(AgentConfig.fromStored(stored).withModelId("m").toStored());
    assertEquals(json("{\"maxHops\":2,\"window\":\"PT1H\"}"), written.getJsonObject("chains"));
  }

  @Test
  void chainLimitsOutOfBoundsAreRejectedNamingTheField() {
    for (var bad :
        Map.of(
                "{\"maxHops\":0}", "config.chains.maxHops",
                "{\"maxHops\":1001}", "config.chains.maxHops",
                "{\"allowCycles\":\"yes\"}", "config.chains.allowCycles",
                "{\"allowCycles\":1}", "config.chains.allowCycles",
                "{\"maxDepth\":2}", "config.chains.maxDepth")
            .entrySet()) {
      var error =
          assertThrows(
              InvalidInputException.class,
              () -> AgentConfig.fromUserJson(json("{\"chains\":" + bad.getKey() + "}"), "config"),
              bad.getKey());
      assertEquals(bad.getValue(), error.getField(), bad.getKey());
    }
    var wither =
        assertThrows(
            InvalidInputException.class,
            () -> AgentChains.of(java.util.OptionalInt.of(1001), false));
    assertEquals("config.chains.maxHops", wither.getField());
    assertEquals(
        AgentConfig.empty(),
        AgentConfig.empty()
            .withChains(AgentChains.of(java.util.OptionalInt.of(4), true))
            .withChains(AgentChains.defaults()));
  }

  @Test
  void aPlanIsReadInOrderAndShownBack() {
    var config =
        AgentConfig.fromUserJson(
            json(
                """
        {"plan":[{"tool":"update_task_priority","arguments":{"taskId":"t-1","priority":"p0"}},
                 {"tool":"list_tasks_in_scope"}]}"""),
            "config");
    var calls = config.getPlan().calls();
    assertEquals(2, calls.size());
    assertEquals("update_task_priority", calls.get(0).tool());
    assertEquals("t-1", calls.get(0).arguments().getString("taskId"));
    assertEquals(
        json("{}"), calls.get(1).arguments(), "a call without arguments has empty arguments");
    assertEquals(
        json(
            """
        {"plan":[{"tool":"update_task_priority","arguments":{"taskId":"t-1","priority":"p0"}},
                 {"tool":"list_tasks_in_scope","arguments":{}}]}"""),
        Json.createObjectBuilder().add("plan", config.toJson().getJsonArray("plan")).build());
    assertEquals(config, AgentConfig.fromStored(config.toStored()));
    assertTrue(!AgentConfig.empty().toJson().containsKey("plan"), "no plan, no field");
    assertEquals(
        AgentPlan.none(), config.withPlan(AgentPlan.none()).getPlan(), "the wither clears it");
  }

  @Test
  void aPlanOutOfBoundsIsRefusedNamingTheField() {
    var calls = new StringBuilder("{\"plan\":[");
    for (var i = 0; i <= AgentPlan.MAX_STEPS; i++) {
      calls.append(i == 0 ? "" : ",").append("{\"tool\":\"list_tasks_in_scope\"}");
    }
    var tooMany =
        assertThrows(
            InvalidInputException.class,
            () -> AgentConfig.fromUserJson(json(calls.append("]}").toString()), "config"));
    assertEquals("config.plan", tooMany.getField());
    assertTrue(tooMany.getMessage().contains("at most 20"), tooMany::getMessage);
    var refused =
        List.of(
            List.of("{\"plan\":{}}", "config.plan"),
            List.of("{\"plan\":[5]}", "config.plan[0]"),
            List.of("{\"plan\":[{\"arguments\":{}}]}", "config.plan[0].tool"),
            List.of("{\"plan\":[{\"tool\":\" x\"}]}", "config.plan[0].tool"),
            List.of("{\"plan\":[{\"tool\":\"" + "t".repeat(101) + "\"}]}", "config.plan[0].tool"),
            List.of("{\"plan\":[{\"tool\":\"x\",\"arguments\":[]}]}", "config.plan[0].arguments"),
            List.of(
                "{\"plan\":[{\"tool\":\"x\"},{\"tool\":\"y\",\"args\":{}}]}",
                "config.plan[1].args"));
    for (var each : refused) {
      var error =
          assertThrows(
              InvalidInputException.class,
              () -> AgentConfig.fromUserJson(json(each.get(0)), "config"),
              each.get(0));
      assertEquals(each.get(1), error.getField(), each.get(0));
    }
  }

  @Test
  void planFieldsFromANewerVersionAreKeptInStorage() {
    var stored = "{\"schemaVersion\":1,\"plan\":[{\"tool\":\"x\",\"when\":\"daily\"}]}";
    var changed = AgentConfig.fromStored(stored).withModelId("m");
    assertEquals(
        "daily", json(changed.toStored()).getJsonArray("plan").getJsonObject(0).getString("when"));
    assertTrue(
        !changed.toJson().getJsonArray("plan").getJsonObject(0).containsKey("when"),
        "the API form shows what this version knows");
  }

  @Test
  void storedKnownFieldOfTheWrongTypeIsCorruption() {
    assertThrows(
        IllegalStateException.class,
        () -> AgentConfig.fromStored("{\"schemaVersion\":1,\"modelId\":7}"));
    assertThrows(IllegalStateException.class, () -> AgentConfig.fromStored("not json"));
  }

  @Test
  void withersApplyTheUserRulesAndLeaveTheOriginalUnchanged() {
    var base = AgentConfig.empty();
    var changed =
        base.withModelId("m")
            .withPromptId("p")
            .withInstructions("i")
            .withExtension(json("{\"acme.x\":true}"));
    assertEquals(Optional.empty(), base.getModelId());
    assertEquals(Optional.of("p"), changed.getPromptId());
    assertEquals(Optional.empty(), changed.withModelId(null).getModelId());
    assertEquals(
        "config.modelId",
        assertThrows(InvalidInputException.class, () -> base.withModelId("")).getField());
    assertEquals(
        "config.extension.x",
        assertThrows(InvalidInputException.class, () -> base.withExtension(json("{\"x\":1}")))
            .getField());
  }

  @Test
  void converterRoundTripsAndReadsAMissingValueAsEmpty() {
    var converter = new AgentConfig.Converter();
    var config =
        AgentConfig.fromUserJson(
            json(
                """
        {"modelId":"m","instructions":"line1\\nline2 \\"quoted\\" ü",
         "extension":{"acme.nested":{"a":[1,2]}}}"""),
            "config");
    var column = converter.convertToDatabaseColumn(config);
    assertEquals(config, converter.convertToEntityAttribute(column));
    assertEquals(
        column,
        converter.convertToDatabaseColumn(converter.convertToEntityAttribute(column)),
        "an unchanged document stores the same text");
    assertEquals(AgentConfig.empty(), converter.convertToEntityAttribute(null));
    assertEquals(null, converter.convertToDatabaseColumn(null));
  }

  @Test
  void equalConfigsAreEqualAndDifferentOnesAreNot() {
    var a = AgentConfig.empty().withModelId("m");
    assertEquals(a, AgentConfig.fromUserJson(json("{\"modelId\":\"m\"}"), "config"));
    assertEquals(
        a.hashCode(), AgentConfig.fromUserJson(json("{\"modelId\":\"m\"}"), "config").hashCode());
    assertNotEquals(a, a.withPromptId("p"));
    assertNotEquals(AgentConfig.fromStored("{\"x\":1}"), AgentConfig.empty());
  }

  static JsonObject json(String text) {
    try (var reader = Json.createReader(new StringReader(text))) {
      return reader.readObject();
    }
  }

  @Test
  void theToolsAnAgentWantsHeldAreKeptAndSurviveEveryCopy() {
    var config =
        AgentConfig.fromUserJson(
            Json.createObjectBuilder()
                .add("approvalTools", Json.createArrayBuilder().add("set_task_status"))
                .build(),
            "config");
    assertEquals(List.of("set_task_status"), config.getApprovalTools());
    assertEquals(
        config.getApprovalTools(), AgentConfig.fromStored(config.toStored()).getApprovalTools());
    assertEquals(
        List.of("set_task_status"),
        config.withInstructions("Be brief.").withTools(List.of("x")).getApprovalTools(),
        "a copy keeps them");
    assertTrue(!AgentConfig.empty().toJson().containsKey("approvalTools"));
    var refused =
        assertThrows(
            InvalidInputException.class,
            () ->
                AgentConfig.fromUserJson(
                    Json.createObjectBuilder()
                        .add("approvalTools", Json.createArrayBuilder().add("x".repeat(65)))
                        .build(),
                    "config"));
    assertTrue(refused.getField().startsWith("config.approvalTools"), refused::getField);
  }

  @Test
  void anAgentsOwnToolsAreKeptInOrderAndBounded() {
    var config =
        AgentConfig.fromUserJson(
            Json.createObjectBuilder()
                .add("tools", Json.createArrayBuilder().add("record_observations").add("get_task"))
                .build(),
            "config");
    assertEquals(List.of("record_observations", "get_task"), config.getTools());
    assertEquals(config.getTools(), AgentConfig.fromStored(config.toStored()).getTools());
    assertEquals(
        "[\"record_observations\",\"get_task\"]", config.toJson().getJsonArray("tools").toString());
    assertTrue(AgentConfig.empty().getTools().isEmpty());
    assertTrue(!AgentConfig.empty().toJson().containsKey("tools"), "none named, none written");

    var many = Json.createArrayBuilder();
    for (var n = 0; n <= AgentConfig.MAX_TOOLS; n++) {
      many.add("tool_" + n);
    }
    var refused =
        assertThrows(
            InvalidInputException.class,
            () ->
                AgentConfig.fromUserJson(
                    Json.createObjectBuilder().add("tools", many).build(), "config"));
    assertEquals("config.tools", refused.getField());
    assertEquals(
        "config.tools[1]",
        assertThrows(
                InvalidInputException.class,
                () ->
                    AgentConfig.fromUserJson(
                        Json.createObjectBuilder()
                            .add("tools", Json.createArrayBuilder().add("a_tool").add(7))
                            .build(),
                        "config"))
            .getField());
  }
}
