package io.reveille.dayplanner.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.DayPlanService;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.testing.Api;
import io.reveille.testing.Poll;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A task agent asks for a person's time on its task ({@code request_attention}, through the real
 * executor): the day planner of the task's category, made from the shipped template, hears the
 * request, wakes and places that task first for the minutes asked — before a P0 task — and the
 * request is resolved afterwards; a resolved request cannot move again.
 */
@ExtendWith(ArquillianExtension.class)
class AttentionIT {

  @Inject JournalService journal;
  @Inject AgentService agents;
  @Inject DayPlanService dayPlans;
  @Inject DayPlannerFixture fixture;

  @Test
  void aRequestForTimeWakesThePlannerWhichPlacesItFirstForTheMinutesAsked() {
    var api = Api.inServer();
    var suffix = UUID.randomUUID().toString().substring(0, 8);
    var category = journal.createCategory("Attention " + suffix, ChangeOrigin.NONE).getId();
    var urgent = task("Urgent " + suffix, category, TaskPriority.P0, 60);
    var asked = task("Asked " + suffix, category, TaskPriority.P3, 30);
    var made = new ArrayList<String>();
    try {
      var planner =
          created(
              api.post(
                  "/api/templates/dayPlanner/agents",
                  Json.createObjectBuilder()
                      .add(
                          "parameters",
                          Json.createObjectBuilder()
                              .add("categoryIds", Json.createArrayBuilder().add(category))
                              .add("timeZone", "UTC"))
                      .build()
                      .toString()));
      made.add(planner);
      var taskAgent =
          created(
              api.post(
                  "/api/templates/taskAgent/agents",
                  Json.createObjectBuilder()
                      .add("parameters", Json.createObjectBuilder().add("taskId", asked))
                      .build()
                      .toString()));
      made.add(taskAgent);

      var requested =
          tool(
              api,
              taskAgent,
              "request_attention",
              Json.createObjectBuilder()
                  .add("taskId", asked)
                  .add("requestedMinutes", 90)
                  .add("impact", 5)
                  .add("urgency", 4)
                  .add("energyFit", "high")
                  .add("rationale", "the filing closes on Friday")
                  .build());
      assertEquals(200, requested.status(), requested::toString);
      var request = requested.json().getJsonObject("payload");
      assertEquals("open", request.getString("status"), request::toString);
      var requestId = request.getString("requestId");

      var today = LocalDate.now(ZoneOffset.UTC);
      Poll.until(
          Duration.ofSeconds(60),
          () ->
              fixture.runs(planner).stream()
                  .anyMatch(
                      run ->
                          run.getReason() == WakeReason.SUBSCRIPTION
                              && run.getStatus() == WakeStatus.COMPLETED),
          () -> "the planner's runs: " + fixture.runs(planner));
      var blocks = ownBlocks(today, category);
      assertEquals(
          List.of(asked, urgent),
          blocks.stream().map(DayPlanBlock::getTaskId).toList(),
          "the task someone asked time for first");
      assertEquals(Duration.ofMinutes(90), length(blocks.get(0)), "the minutes asked");
      assertEquals(Duration.ofMinutes(60), length(blocks.get(1)), "the estimate");
      assertTrue(blocks.get(0).getNote().contains("time asked for"), blocks.get(0).getNote());

      var resolved =
          tool(
              api,
              taskAgent,
              "resolve_attention_request",
              Json.createObjectBuilder()
                  .add("requestId", requestId)
                  .add("status", "satisfied")
                  .add("reason", "planned first today")
                  .build());
      assertEquals(200, resolved.status(), resolved::toString);
      var listed = api.get("/api/tasks/" + asked + "/attention-requests").structure().asJsonArray();
      assertEquals(1, listed.size(), listed::toString);
      assertEquals("satisfied", listed.getJsonObject(0).getString("status"));
      assertEquals("planned first today", listed.getJsonObject(0).getString("reason"));
      assertEquals(
          0,
          api.get("/api/tasks/" + asked + "/attention-requests?status=open")
              .structure()
              .asJsonArray()
              .size());
      var unknownStatus = api.get("/api/tasks/" + asked + "/attention-requests?status=sleepy");
      assertEquals(400, unknownStatus.status(), unknownStatus::toString);

      var again =
          tool(
              api,
              taskAgent,
              "resolve_attention_request",
              Json.createObjectBuilder()
                  .add("requestId", requestId)
                  .add("status", "withdrawn")
                  .add("reason", "changed my mind")
                  .build());
      var refusal = again.json().toString();
      assertTrue(refusal.contains("conflict"), refusal);
      assertEquals(
          "satisfied",
          api.get("/api/tasks/" + asked + "/attention-requests")
              .structure()
              .asJsonArray()
              .getJsonObject(0)
              .getString("status"));
    } finally {
      made.forEach(id -> agents.destroy(id, OptionalLong.empty()));
    }
  }

  private static Api.Response tool(Api api, String agentId, String tool, JsonObject arguments) {
    return api.post(
        "/api/agents/" + agentId + "/tools/" + tool,
        Json.createObjectBuilder()
            .add("operationId", "op-" + UUID.randomUUID())
            .add("arguments", arguments)
            .build()
            .toString());
  }

  private static String created(Api.Response response) {
    assertEquals(201, response.status(), response::toString);
    return response.json().getString("id");
  }

  private String task(String title, String category, TaskPriority priority, int estimate) {
    return journal
        .createTask(
            new NewTask(
                title,
                Optional.empty(),
                Optional.of(category),
                Optional.of(TaskStatus.OPEN),
                Optional.of(priority),
                Optional.of(estimate),
                Optional.empty()),
            ChangeOrigin.NONE)
        .getId();
  }

  private List<DayPlanBlock> ownBlocks(LocalDate date, String categoryId) {
    return dayPlans.dayPlan(date).orElseThrow().blocks().stream()
        .filter(block -> categoryId.equals(block.getCategoryId()))
        .sorted(Comparator.comparing(DayPlanBlock::getStartTime))
        .toList();
  }

  private static Duration length(DayPlanBlock block) {
    return Duration.between(block.getStartTime(), block.getEndTime());
  }
}
