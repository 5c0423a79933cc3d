package io.reveille.console;

import static io.reveille.testing.Runs.answering;
import static io.reveille.testing.Runs.awaitStatus;
import static io.reveille.testing.Runs.calling;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.JournalFixture;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.security.control.Role;
import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.HttpSink;
import io.reveille.testing.Runs;
import io.reveille.wake.control.WakeScheduler;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;

/**
 * The console as the place where a person decides, in a real browser against the test server. In
 * the server, four agents thinking with the scripted model leave what waits for a person: two whose
 * held {@code create_follow_up_task} calls wait as proposals, one whose {@code ask_user} question
 * waits for an answer, one whose external call lost its connection after the provider applied it
 * and waits in doubt. Then, from the page alone: a viewer sees them all and finds no control to
 * move any (and the API refuses the viewer anyway); an administrator reads what a proposal changes,
 * approves it and sees the follow-up task made, rejects the other and sees nothing made, resolves
 * the call in doubt and sees its run resume and complete, answers the question from its choices and
 * sees that run complete, makes a timer for an agent after previewing its next firings and moves it
 * to another day, and makes a subscription once the server accepted its predicate, then deletes it.
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleDecisionsIT {

  static final String NAME = "ConsoleDecisionsIT";
  static final Set<String> ROLES = Set.of("approve", "reject", "asker", "doubter");
  static final String FOLLOW_UP = "Follow up to ";
  static final String RECEIPT =
      "{\"receiptId\":\"seen-in-the-provider-log\",\"state\":\"applied\"}";

  @Inject AgentService agents;
  @Inject JournalService journal;
  @Inject WakeScheduler scheduler;
  @Inject InferenceGateway gateway;

  /** In the server: the agents, the model's scripts, and their runs waiting for a person. */
  @Test
  @Order(1)
  void inTheServerRunsWaitForAPerson() {
    var category = journal.createCategory(NAME + " " + UUID.randomUUID(), ChangeOrigin.NONE);
    ClosedCircuit.await(gateway);
    var runs = new java.util.ArrayList<String>();
    for (var verdict : List.of("approve", "reject")) {
      var taskId = task(category.getId(), verdict.equals("approve") ? "Call the bank" : "Book it");
      var marker = "proposal-" + UUID.randomUUID();
      OpenAiProtocolServer.shared()
          .alwaysAnswerByStep(
              marker,
              List.of(
                  calling(
                      "create_follow_up_task",
                      Json.createObjectBuilder()
                          .add("sourceTaskId", taskId)
                          .add("newTaskTitle", FOLLOW_UP + verdict + " " + marker)
                          .build()),
                  answering("Asked for it.")));
      runs.add(
          wake(
              agent(
                  NAME + " " + verdict + " task=" + taskId,
                  marker,
                  Set.of(category.getId()),
                  AgentConfig.empty().withApprovalTools(List.of("create_follow_up_task")))));
    }

    var askMarker = "ask-" + UUID.randomUUID();
    OpenAiProtocolServer.shared()
        .alwaysAnswerByTurn(
            askMarker,
            List.of(
                calling(
                    "ask_user",
                    Json.createObjectBuilder()
                        .add("question", "Which day should the review be?")
                        .add("choices", Json.createArrayBuilder().add("Monday").add("Tuesday"))
                        .build()),
                answering("The review is on the day chosen.")));
    var askRun = wake(agent(NAME + " asker", askMarker, Set.of(), AgentConfig.empty()));

    // The provider applies the call and drops the connection: nothing can tell whether it did.
    try (var sink = HttpSink.start()) {
      var doubtMarker = "doubt-" + UUID.randomUUID();
      OpenAiProtocolServer.shared()
          .alwaysAnswerByTurn(
              doubtMarker,
              List.of(
                  calling(
                      "send_it_dropped_plain",
                      Json.createObjectBuilder().add("note", doubtMarker).build()),
                  answering("Sent it.")));
      var doubtRun = wake(agent(NAME + " doubter", doubtMarker, Set.of(), AgentConfig.empty()));
      awaitStatus(doubtRun, "waiting");
      assertEquals(1, sink.requests(sink.keyOf(doubtMarker)));
    }
    awaitStatus(askRun, "waiting");
    // A held call of an autonomous run is proposed and the run goes on without its result.
    runs.forEach(runKey -> awaitStatus(runKey, "completed"));
  }

  /** From the page alone, as a viewer and then as an administrator. */
  @Test
  @Order(2)
  @RunAsClient
  void aPersonDecidesAnswersAndResolvesFromThePage() throws IOException {
    var api = new Api();
    var fixture =
        api.getAll("/api/agents?kind=custom").stream()
            .filter(a -> a.getString("displayName").startsWith(NAME + " "))
            .filter(a -> "active".equals(a.getString("lifecycle")))
            .filter(a -> ROLES.contains(role(a)))
            .collect(Collectors.toMap(ConsoleDecisionsIT::role, a -> a, (newer, older) -> newer));
    assertEquals(ROLES, fixture.keySet());
    var waiting = waitingByAgent(api);
    var approve = waiting.get(id(fixture, "approve"));
    var reject = waiting.get(id(fixture, "reject"));
    var question = waiting.get(id(fixture, "asker"));
    var doubt = waiting.get(id(fixture, "doubter"));
    var approveTask = taskOf(fixture.get("approve"));
    var rejectTask = taskOf(fixture.get("reject"));
    var plain = new Agents(api).createCustom(NAME + " clock " + UUID.randomUUID());
    try {
      asViewerAndAsAdmin(api, plain, approve, reject, question, doubt, approveTask, rejectTask);
    } finally {
      fixture.values().forEach(a -> api.post("/api/agents/" + a.getString("id") + "/destroy", ""));
      api.post("/api/agents/" + plain + "/destroy", "");
    }
  }

  private void asViewerAndAsAdmin(
      Api api,
      String plain,
      JsonObject approve,
      JsonObject reject,
      JsonObject question,
      JsonObject doubt,
      String approveTask,
      String rejectTask)
      throws IOException {
    try (var viewer = ConsoleBrowser.open("decisions-viewer")) {
      viewer.signIn(Role.VIEWER);
      viewer.click("#nav-needs-you");
      for (var item : List.of(approve, reject, question, doubt)) {
        var row = row(item);
        viewer.awaitText(row, text -> text.contains(item.getString("summary")));
        for (var control : List.of("button", "input", "select", "textarea")) {
          assertTrue(viewer.absent(row + " " + control), "a viewer sees no " + control);
        }
      }
      viewer.go("#/agents/" + plain);
      viewer.assertAbsentOnceShown("#agent-timers", "#timer-form");
      viewer.go("#/runs/" + doubt.getString("runKey"));
      viewer.assertAbsentOnceShown("dl.facts", "#run-resume");
      assertTrue(viewer.absent("#run-cancel"), "a viewer cannot cancel a run");
    }
    var asViewer =
        new Api(
            java.net.URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181")),
            io.reveille.testing.TestIdentities.basic(Role.VIEWER));
    assertEquals(403, asViewer.post(proposal(approve, "approve"), "").status());
    assertEquals(403, asViewer.post(answer(question), "{\"answer\":\"Monday\"}").status());

    try (var admin = ConsoleBrowser.open("decisions-admin")) {
      admin.signIn(Role.ADMIN);
      admin.click("#nav-needs-you");
      var approveRow = row(approve);
      admin.click(approveRow + " details.proposal-changes summary");
      var diff =
          admin.awaitText(
              approveRow + " .diff-table", text -> text.contains(FOLLOW_UP + "approve"));
      assertTrue(diff.contains("new follow up task"), diff);
      admin.screenshotAndCheck("needs-you-decide");
      admin.click(approveRow + " button.approve");
      await()
          .atMost(ConsoleBrowser.WAIT)
          .until(
              () -> api.get(proposal(approve, "")).json().getString("status").equals("approved"));
      var made =
          api.get(proposal(approve, ""))
              .json()
              .getJsonObject("appliedResult")
              .getJsonObject("payload")
              .getString("followUpTaskId");
      assertTrue(
          api.get("/api/tasks/" + made)
              .json()
              .getString("title")
              .startsWith(FOLLOW_UP + "approve"));
      admin.awaitText("#status", text -> text.startsWith("Approved"));

      admin.awaitAbsent(approveRow);
      var rejectRow = row(reject);
      ConsoleBrowser.type(admin.visible(rejectRow + " input"), "not this week");
      admin.click(rejectRow + " button.reject");
      await()
          .atMost(ConsoleBrowser.WAIT)
          .until(() -> api.get(proposal(reject, "")).json().getString("status").equals("rejected"));
      assertEquals("not this week", api.get(proposal(reject, "")).json().getString("reason", ""));
      assertEquals(
          Set.of(approveTask, rejectTask, made),
          api.getAll("/api/tasks?categoryId=" + categoryOf(api, approveTask)).stream()
              .map(t -> t.getString("id"))
              .collect(Collectors.toSet()),
          "the rejected proposal made no task");
      admin.awaitAbsent(rejectRow);
      var doubtRow = row(doubt);
      ConsoleBrowser.type(admin.visible(doubtRow + " textarea"), RECEIPT);
      ConsoleBrowser.type(
          admin.visible(doubtRow + " input[id$='-note']"), "the provider's log shows it");
      admin.click(doubtRow + " button.resolve");
      awaitRun(api, doubt.getString("runKey"), "completed");
      var call =
          api.get("/api/agents/" + doubt.getString("agentId") + "/tool-calls")
              .structure()
              .asJsonArray()
              .getJsonObject(0);
      assertEquals("succeeded", call.getString("status"), call::toString);
      assertEquals("the provider's log shows it", call.getString("resolutionNote"), call::toString);

      admin.awaitAbsent(doubtRow);
      var questionRow = row(question);
      admin.choose(questionRow + " select", "Tuesday");
      admin.click(questionRow + " button.answer");
      awaitRun(api, question.getString("runKey"), "completed");
      var asked =
          api.get("/api/runs/" + question.getString("runKey") + "/questions")
              .structure()
              .asJsonArray()
              .getJsonObject(0);
      assertEquals("Tuesday", asked.getString("answer"), asked::toString);

      admin.go("#/runs/" + doubt.getString("runKey"));
      admin.awaitText("dl.facts", text -> text.contains("completed"));
      admin.screenshotAndCheck("run-resolved");

      admin.go("#/agents/" + plain);
      admin.choose("#timer-kind", "weekly");
      admin.choose("#timer-day", "SUNDAY");
      ConsoleBrowser.type(admin.visible("#timer-zone"), "Europe/Berlin");
      admin.click("#timer-preview-button");
      await()
          .atMost(ConsoleBrowser.WAIT)
          .until(
              () -> admin.driver.findElements(By.cssSelector("#timer-preview ol li")).size() == 5);
      admin.screenshotAndCheck("timer-preview");
      assertEquals(0, api.get("/api/agents/" + plain + "/timers").structure().asJsonArray().size());
      admin.click("#timer-save");
      await()
          .atMost(ConsoleBrowser.WAIT)
          .until(
              () ->
                  api.get("/api/agents/" + plain + "/timers").structure().asJsonArray().size()
                      == 1);
      var timer =
          api.get("/api/agents/" + plain + "/timers").structure().asJsonArray().getJsonObject(0);
      assertEquals("weekly", timer.getJsonObject("schedule").getString("kind"));
      assertEquals("Europe/Berlin", timer.getJsonObject("schedule").getString("zone"));
      admin.awaitText("#agent-timers", text -> text.contains("Europe/Berlin"));
      admin.click("#agent-timers button.edit-timer");
      admin.awaitText("#timer-form-title", text -> text.equals("Edit timer"));
      admin.choose("#timer-day", "MONDAY");
      admin.click("#timer-save");
      await()
          .atMost(ConsoleBrowser.WAIT)
          .until(
              () ->
                  api.get("/api/agents/" + plain + "/timers")
                      .structure()
                      .asJsonArray()
                      .getJsonObject(0)
                      .getJsonObject("schedule")
                      .getString("dayOfWeek")
                      .equals("MONDAY"));
      assertEquals(1, api.get("/api/agents/" + plain + "/timers").structure().asJsonArray().size());
      admin.awaitText("#timer-form-title", text -> text.equals("New timer"));

      ConsoleBrowser.type(admin.visible("#subscription-keys"), "TASK");
      ConsoleBrowser.type(admin.visible("#subscription-predicate"), "status ==");
      admin.click("#subscription-save");
      admin.awaitText("#subscription-error", text -> text.contains("predicate"));
      assertEquals(
          0, api.get("/api/agents/" + plain + "/subscriptions").structure().asJsonArray().size());
      ConsoleBrowser.type(admin.visible("#subscription-predicate"), "status == \"open\"");
      admin.click("#subscription-save");
      await()
          .atMost(ConsoleBrowser.WAIT)
          .until(
              () ->
                  api.get("/api/agents/" + plain + "/subscriptions")
                          .structure()
                          .asJsonArray()
                          .size()
                      == 1);
      admin.awaitText("#agent-subscriptions", text -> text.contains("TASK"));
      admin.click("#agent-subscriptions button.delete-subscription");
      admin.click("#confirm-yes");
      await()
          .atMost(ConsoleBrowser.WAIT)
          .until(
              () ->
                  api
                      .get("/api/agents/" + plain + "/subscriptions")
                      .structure()
                      .asJsonArray()
                      .stream()
                      .noneMatch(sub -> sub.asJsonObject().getBoolean("active", true)));
    }
  }

  private String task(String category, String title) {
    return journal
        .createTask(
            JournalFixture.newTask(title + " " + UUID.randomUUID(), category, TaskPriority.P2),
            ChangeOrigin.NONE)
        .getId();
  }

  private String agent(String name, String marker, Set<String> categories, AgentConfig config) {
    return agents
        .create(
            new NewAgent(
                AgentKind.CUSTOM,
                name,
                AgentMode.AUTONOMOUS,
                AgentLifecycle.ACTIVE,
                categories,
                config
                    .withModelId("default")
                    .withInstructions("You are the " + name + " agent of " + marker + "."),
                AgentSlots.empty()))
        .agent()
        .getId();
  }

  private String wake(String agentId) {
    return scheduler.scheduleManual(agentId, Optional.empty()).getRunKey();
  }

  /** The part an agent of this test plays, from its name (the agents list, newest first). */
  private static String role(JsonObject agent) {
    return agent.getString("displayName").substring(NAME.length() + 1).split(" ")[0];
  }

  private static String id(Map<String, JsonObject> fixture, String role) {
    return fixture.get(role).getString("id");
  }

  private static String taskOf(JsonObject agent) {
    return agent.getString("displayName").replaceAll(".*task=", "");
  }

  /** What waits for a person, by agent: one item each for this test's agents. */
  private static Map<String, JsonObject> waitingByAgent(Api api) {
    return api
        .get("/api/needs-you?limit=200")
        .json()
        .getJsonArray("items")
        .getValuesAs(JsonObject.class)
        .stream()
        .collect(Collectors.toMap(i -> i.getString("agentId"), i -> i, (a, b) -> a));
  }

  private static String row(JsonObject item) {
    return "#needs-you-results tr[data-id='" + item.getString("id") + "']";
  }

  private static String proposal(JsonObject item, String verb) {
    return "/api/proposals/" + item.getString("id") + (verb.isEmpty() ? "" : "/" + verb);
  }

  private static String answer(JsonObject item) {
    return "/api/runs/" + item.getString("runKey") + "/answer";
  }

  private static String categoryOf(Api api, String taskId) {
    return api.get("/api/tasks/" + taskId).json().getString("categoryId");
  }

  private static void awaitRun(Api api, String runKey, String status) {
    await()
        .atMost(Runs.SETTLED)
        .until(
            () ->
                api.get("/api/runs/" + runKey)
                    .json()
                    .getJsonObject("run")
                    .getString("status")
                    .equals(status));
  }
}
