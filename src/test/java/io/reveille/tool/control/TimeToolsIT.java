package io.reveille.tool.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.journal.control.TimeEntryService;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.tool.control.ToolWorld.World;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The time and day plan tools through the real executor: a retrospective entry from "16:00–18:00
 * yesterday" lands on exactly those instants; a block change's preview writes nothing and plans
 * exactly what the apply then does; an agent sees and replaces only its own part of a shared plan.
 * Every payload is also checked against the tool's output schema.
 */
@ExtendWith(ArquillianExtension.class)
class TimeToolsIT {

  @Inject ToolExecutor executor;
  @Inject ToolRegistry registry;
  @Inject ToolWorld worlds;
  @Inject TimeEntryService timeEntries;

  @Test
  void aRetrospectiveEntryFromYesterdayAfternoonIsExactlyThoseTwoHours() {
    var world = worlds.create();
    var zone = ZoneOffset.ofHours(-5);
    var yesterday = OffsetDateTime.now(zone).toLocalDate().minusDays(1);
    var start = OffsetDateTime.of(yesterday, LocalTime.of(16, 0), zone);
    var end = OffsetDateTime.of(yesterday, LocalTime.of(18, 0), zone);
    var arguments =
        Json.createObjectBuilder()
            .add("taskId", world.taskA)
            .add("startedAt", TimeToolScenarios.rfc3339(start))
            .add("endedAt", TimeToolScenarios.rfc3339(end))
            .add("description", "Migration guide, second pass")
            .add("sourceEntryId", "voice-note-42")
            .build();

    var result = call(world, "create_retrospective_time_entry", arguments, false);

    assertTrue(result.isSuccess(), result.toJson().toString());
    var payload = result.payload().getJsonObject("entry");
    var entry = timeEntries.timeEntry(payload.getString("id"));
    assertEquals(start.toInstant(), entry.getStartedAt());
    assertEquals(end.toInstant(), entry.getEndedAt());
    assertEquals(Duration.ofHours(2), entry.duration().orElseThrow());
    assertEquals(world.taskA, entry.getTaskId());
    assertEquals(world.categoryA, entry.getCategoryId());
    assertEquals("voice-note-42", entry.getSourceEntryId());
    assertEquals(120, payload.getInt("durationMinutes"));
    assertEquals(start.toInstant().toString(), payload.getString("startedAt"));
    assertTrue(payload.getString("endedAt").endsWith("Z"), "instants shown in UTC");
    assertEquals(List.of(entry.getId()), result.changedEntityIds());
    assertEquals(1, worlds.toolEffectLinksTo(entry.getId()).size(), "a tool_effect link");

    var backwards =
        Json.createObjectBuilder(arguments)
            .add("startedAt", TimeToolScenarios.rfc3339(end))
            .add("endedAt", TimeToolScenarios.rfc3339(start))
            .build();
    var before = worlds.snapshot();
    assertEquals(
        Optional.of(ToolErrorCode.INVALID_ARGUMENTS),
        call(world, "create_retrospective_time_entry", backwards, false).errorCode());
    assertEquals(before, worlds.snapshot(), "an end before the start changes nothing");
  }

  @Test
  void aBlockPreviewWritesNothingAndPlansWhatTheApplyDoes() {
    var world = worlds.create();
    var plan = DayPlanToolScenarios.plan(world);
    var arguments =
        DayPlanToolScenarios.upserts(
                world,
                DayPlanToolScenarios.blockJson(
                        world.categoryA,
                        DayPlanToolScenarios.at(world, 13),
                        DayPlanToolScenarios.at(world, 14))
                    .add("taskId", world.taskA2)
                    .add("note", "  Review notes  "),
                DayPlanToolScenarios.blockJson(
                        world.categoryA,
                        DayPlanToolScenarios.at(world, 7),
                        DayPlanToolScenarios.at(world, 8))
                    .add("id", plan.blockA()))
            .add("deletes", Json.createArrayBuilder().add(plan.blockA2()))
            .build();
    var before = worlds.snapshot();

    var preview = call(world, "upsert_day_plan_blocks", arguments, true);

    assertTrue(preview.isSuccess(), preview.toJson().toString());
    assertTrue(preview.preview());
    assertEquals(before, worlds.snapshot(), "a preview writes nothing");
    var applied = call(world, "upsert_day_plan_blocks", arguments, false);
    assertTrue(applied.isSuccess(), applied.toJson().toString());
    assertFalse(applied.preview());

    var planned = preview.payload();
    var done = applied.payload();
    assertEquals(withoutIds(planned.get("created")), withoutIds(done.get("created")));
    assertEquals(planned.get("updated"), done.get("updated"));
    assertEquals(planned.get("deleted"), done.get("deleted"));
    assertEquals(withoutIds(planned.get("blocks")), withoutIds(done.get("blocks")));
    assertEquals(planned.get("planId"), done.get("planId"));
    assertEquals(1, planned.getJsonArray("created").size());
    assertEquals(JsonValue.NULL, planned.getJsonArray("created").getJsonObject(0).get("id"));
    assertEquals("Review notes", done.getJsonArray("created").getJsonObject(0).getString("note"));
    assertEquals(
        List.of(plan.blockA2()),
        done.getJsonArray("deleted").getValuesAs(jakarta.json.JsonString.class).stream()
            .map(jakarta.json.JsonString::getString)
            .toList());
    assertEquals(2, done.getJsonArray("blocks").size(), "the agent's two blocks, not B's");
    assertFalse(done.toString().contains(plan.blockB()), "nothing of category B");
  }

  @Test
  void anAgentSeesAndReplacesOnlyItsOwnPartOfASharedPlan() {
    var world = worlds.create();
    var plan = DayPlanToolScenarios.plan(world);
    var date = world.planDate.toString();

    var read =
        call(
            world,
            "get_or_create_day_plan",
            Json.createObjectBuilder().add("planDate", date).build(),
            false);
    assertTrue(read.isSuccess(), read.toJson().toString());
    assertFalse(read.payload().getBoolean("created"));
    var shown = read.payload().toString();
    assertTrue(shown.contains(plan.blockA()));
    assertFalse(shown.contains(plan.blockB()), "no block of category B");
    assertFalse(shown.contains(world.taskB), "no pin of a task of category B");

    var replaced =
        call(
            world,
            "pin_day_plan_tasks",
            DayPlanToolScenarios.pins(world, "replace", world.taskA2, world.taskA),
            false);
    assertTrue(replaced.isSuccess(), replaced.toJson().toString());
    assertEquals(
        Json.createArrayBuilder().add(world.taskA2).add(world.taskA).build(),
        replaced.payload().getJsonArray("pinnedTaskIds"));
    assertEquals(
        List.of(world.taskB, world.taskA2, world.taskA),
        world.services.dayPlans.dayPlan(world.planDate).orElseThrow().pinnedTaskIds(),
        "the pin of task B stays");

    var emptied =
        call(world, "pin_day_plan_tasks", DayPlanToolScenarios.pins(world, "replace"), false);
    assertTrue(emptied.isSuccess(), emptied.toJson().toString());
    assertEquals(
        List.of(world.taskB),
        world.services.dayPlans.dayPlan(world.planDate).orElseThrow().pinnedTaskIds());

    var preview =
        call(
            world,
            "replan_day_blocks",
            DayPlanToolScenarios.replan(world, 30, plan.blockA(), plan.blockA2()),
            true);
    var before = worlds.snapshot();
    var moved =
        call(
            world,
            "replan_day_blocks",
            DayPlanToolScenarios.replan(world, 30, plan.blockA(), plan.blockA2()),
            false);
    assertTrue(moved.isSuccess(), moved.toJson().toString());
    assertEquals(preview.payload(), moved.payload(), "a move's preview is its result");
    assertEquals(
        DayPlanToolScenarios.at(world, 9).plusSeconds(1800),
        world.services.dayPlans.block(plan.blockA()).getStartTime());
    assertFalse(before.equals(worlds.snapshot()));
  }

  private ToolResult call(World world, String tool, JsonObject arguments, boolean preview) {
    var result =
        executor.execute(
            ToolRequest.manual(
                world.agentId,
                tool,
                preview ? Optional.empty() : Optional.of("op-" + UUID.randomUUID()),
                arguments,
                preview));
    if (result.isSuccess()) {
      var violations = registry.contract().validateOutput(tool, result.payload().toString());
      assertEquals(List.of(), violations, tool + " output " + result.payload());
    }
    return result;
  }

  /** The blocks without their ids: a preview cannot know the ids of blocks it would create. */
  private static JsonValue withoutIds(JsonValue blocks) {
    var array = Json.createArrayBuilder();
    for (var block : blocks.asJsonArray()) {
      var json = Json.createObjectBuilder(block.asJsonObject());
      json.remove("id");
      array.add(json);
    }
    return array.build();
  }
}
