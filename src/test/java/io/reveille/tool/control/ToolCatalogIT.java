package io.reveille.tool.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.journal.control.JournalService;
import io.reveille.testing.NotificationSentinel;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.tool.control.ToolWorld.World;
import io.reveille.tool.control.external.ExternalToolHandler;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every tool of the catalog, through the real executor, database and broker, each in a fresh world
 * with one category in the agent's scope and one outside it:
 *
 * <ul>
 *   <li>replaying a mutating call with the same operationId returns the same receipt and changes
 *       nothing more — no row, no version, no notification batch;
 *   <li>a write that reaches outside the scope is refused with {@code out_of_scope}, changes
 *       nothing and is recorded (failed ledger row, action and error result);
 *   <li>a read never returns anything of the foreign category;
 *   <li>every result satisfies the tool's output schema in the contract.
 * </ul>
 *
 * Failures are collected per tool and reported together.
 */
@ExtendWith(ArquillianExtension.class)
class ToolCatalogIT {

  @Inject ToolExecutor executor;
  @Inject ToolRegistry registry;
  @Inject ToolWorld worlds;
  @Inject JournalService journal;
  @Inject NotificationSentinel sentinel;

  /**
   * Tools whose first call cannot succeed on its own, each with the test that covers it instead:
   * asking a person parks the run that asks, and is answered from outside it.
   */
  static final java.util.Map<String, String> TESTED_ELSEWHERE =
      java.util.Map.of(
          "ask_user", "AskPersonIT: a run asks, waits, and resumes with the answer",
          "propose_plan", "AskPersonIT: a run proposes, waits, and resumes approved or rejected",
          "write_artifact", "JobsIT: a job's run writes artifacts, one of which ends the job",
          "propose_directives",
              "ImproverIT: a run's proposal, approved by an admin, is a template's next version");

  static List<ToolScenario> scenarios() {
    var all = new ArrayList<ToolScenario>();
    all.addAll(CoreToolScenarios.all());
    all.addAll(ChecklistToolScenarios.all());
    all.addAll(TimeToolScenarios.all());
    all.addAll(DayPlanToolScenarios.all());
    all.addAll(RatingToolScenarios.all());
    return all;
  }

  @Test
  void everyRegisteredToolHasAScenario() {
    // External tools are declared where the server runs; ExternalToolsIT covers the test server's.
    var registered =
        registry.all().stream()
            .filter(tool -> !(tool.handler() instanceof ExternalToolHandler))
            .map(ToolDefinition::name)
            .collect(Collectors.toCollection(TreeSet::new));
    var covered =
        scenarios().stream().map(ToolScenario::tool).collect(Collectors.toCollection(TreeSet::new));
    covered.addAll(TESTED_ELSEWHERE.keySet());
    assertEquals(registered, covered);
  }

  @Test
  void replayingAnyMutatingCallIsSideEffectFree() {
    var failures = new ArrayList<String>();
    var firstCalls = new LinkedHashMap<String, Replay>();
    for (var scenario : scenarios()) {
      if (!definition(scenario).isMutating()) {
        continue;
      }
      var world = worlds.listened(worlds.create());
      var arguments = scenario.setup().apply(world).inScope();
      var operationId = "op-" + UUID.randomUUID();
      var first = call(world, scenario.tool(), arguments, operationId, false);
      if (!first.isSuccess()) {
        failures.add(scenario.tool() + ": first call failed: " + first.toJson());
        continue;
      }
      var payload = first.payload().toString();
      registry
          .contract()
          .validateOutput(scenario.tool(), payload)
          .forEach(v -> failures.add(scenario.tool() + ": output violates its schema: " + v));
      world.foreignIds().stream()
          .filter(payload::contains)
          .forEach(id -> failures.add(scenario.tool() + ": the result shows foreign " + id));
      firstCalls.put(scenario.tool(), new Replay(world, arguments, operationId, first));
    }
    // Every batch of the first calls was sent before the sentinel, so all are recorded after it.
    sentinel.passThroughTheQueue();
    var batchesAfterFirst = new LinkedHashMap<String, Long>();
    firstCalls.forEach(
        (tool, replay) -> batchesAfterFirst.put(tool, worlds.batchesBy(replay.world().agentId)));
    for (var entry : firstCalls.entrySet()) {
      var tool = entry.getKey();
      var replay = entry.getValue();
      var before = worlds.snapshot();
      var again = call(replay.world(), tool, replay.arguments(), replay.operationId(), false);
      if (!again.replayed()) {
        failures.add(tool + ": the replay ran again: " + again.toJson());
      }
      if (!withoutReplayFlag(again).equals(withoutReplayFlag(replay.first()))) {
        failures.add(
            tool + ": another receipt: " + again.toJson() + " vs " + replay.first().toJson());
      }
      if (!before.equals(worlds.snapshot())) {
        failures.add(tool + ": the replay changed the journal");
      }
    }
    sentinel.passThroughTheQueue();
    firstCalls.forEach(
        (tool, replay) -> {
          var now = worlds.batchesBy(replay.world().agentId);
          if (now != batchesAfterFirst.get(tool)) {
            failures.add(
                tool + ": the replay sent batches: " + batchesAfterFirst.get(tool) + " → " + now);
          }
        });
    assertTrue(failures.isEmpty(), String.join("\n", failures));
    assertFalse(firstCalls.isEmpty());
  }

  @Test
  void outOfScopeWritesAreRefusedAndChangeNothing() {
    var failures = new ArrayList<String>();
    var checked = 0;
    for (var scenario : scenarios()) {
      if (!definition(scenario).isMutating()) {
        continue;
      }
      var world = worlds.create();
      for (var arguments : scenario.setup().apply(world).outOfScope()) {
        checked++;
        var before = worlds.snapshot();
        var operationId = "op-" + UUID.randomUUID();
        var result = call(world, scenario.tool(), arguments, operationId, false);
        if (result.errorCode().orElse(null) != ToolErrorCode.OUT_OF_SCOPE) {
          failures.add(
              scenario.tool()
                  + " "
                  + arguments
                  + ": not refused as out_of_scope: "
                  + result.toJson());
        }
        if (!before.equals(worlds.snapshot())) {
          failures.add(scenario.tool() + " " + arguments + ": changed the journal");
        }
        if (!worlds.ledger(world.agentId, operationId).equals(Optional.of("failed"))) {
          failures.add(scenario.tool() + ": ledger " + worlds.ledger(world.agentId, operationId));
        }
      }
      var kinds = worlds.messageKinds(world.agentId);
      if (!kinds.isEmpty() && !kinds.get(kinds.size() - 1).equals("toolResult")) {
        failures.add(scenario.tool() + ": refusal not recorded as a toolResult: " + kinds);
      }
    }
    assertTrue(failures.isEmpty(), String.join("\n", failures));
    assertTrue(checked > 0);
  }

  @Test
  void readsNeverReturnAnythingOfAForeignCategory() {
    var failures = new ArrayList<String>();
    for (var scenario : scenarios()) {
      if (definition(scenario).isMutating()) {
        continue;
      }
      var world = worlds.create();
      var setup = scenario.setup().apply(world);
      var calls = new ArrayList<JsonObject>();
      calls.add(setup.inScope());
      calls.addAll(setup.outOfScope());
      for (var arguments : calls) {
        var result = call(world, scenario.tool(), arguments, null, false);
        if (!result.isSuccess()) {
          failures.add(scenario.tool() + " " + arguments + ": " + result.toJson());
          continue;
        }
        var payload = result.payload().toString();
        registry
            .contract()
            .validateOutput(scenario.tool(), payload)
            .forEach(v -> failures.add(scenario.tool() + ": output violates its schema: " + v));
        for (var foreign : world.foreignIds()) {
          if (payload.contains(foreign)) {
            failures.add(scenario.tool() + " " + arguments + ": returned foreign " + foreign);
          }
        }
      }
      if (setup.outOfScope().isEmpty()) {
        failures.add(scenario.tool() + ": a read needs an out-of-scope case");
      }
    }
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }

  private record Replay(World world, JsonObject arguments, String operationId, ToolResult first) {}

  private ToolDefinition definition(ToolScenario scenario) {
    return registry.find(scenario.tool()).orElseThrow(() -> new AssertionError(scenario.tool()));
  }

  private ToolResult call(
      World world, String tool, JsonObject arguments, String operationId, boolean preview) {
    return executor.execute(
        ToolRequest.manual(
            world.agentId, tool, Optional.ofNullable(operationId), arguments, preview));
  }

  private static JsonObject withoutReplayFlag(ToolResult result) {
    var json = jakarta.json.Json.createObjectBuilder(result.toJson());
    json.remove("replayed");
    return json.build();
  }
}
