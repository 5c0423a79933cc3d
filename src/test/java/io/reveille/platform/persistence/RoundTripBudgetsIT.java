package io.reveille.platform.persistence;

import static io.reveille.testing.RoundTripBudget.measure;
import static io.reveille.testing.RoundTripBudget.of;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentPlan;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.alertness.control.NotificationBatchParser;
import io.reveille.alertness.control.NotificationIntake;
import io.reveille.alertness.control.SubscriptionCatalog;
import io.reveille.alertness.control.SubscriptionService;
import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.journal.control.JournalFixture;
import io.reveille.platform.DatabaseKind;
import io.reveille.schedule.control.AgentTimerService;
import io.reveille.schedule.control.AlarmBatches;
import io.reveille.schedule.control.AlarmBatches.Claimed;
import io.reveille.schedule.control.TimerFixture;
import io.reveille.testing.Api;
import io.reveille.testing.RequestRoundTrips;
import io.reveille.testing.RoundTripBudget;
import io.reveille.tool.control.ToolWorld;
import io.reveille.wake.control.RunLogFixture;
import io.reveille.wake.control.WakeRunner;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeStatus;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.transaction.UserTransaction;
import java.io.StringReader;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import javax.sql.DataSource;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The round-trip budgets of the hot operations: what each costs the database, in statements, round
 * trips and transactions counted at the persistence unit's connections on the thread that does it
 * ({@link RoundTrips}), held exactly ({@link RoundTripBudget}). Each operation runs on this test's
 * thread or, over HTTP, is measured by its request ({@link RequestRoundTrips}), so the other tests
 * running on the same server at the same time do not count. The table of budgets and targets is in
 * docs/performance.md.
 */
@ExtendWith(ArquillianExtension.class)
class RoundTripBudgetsIT {

  static final RoundTripBudget TOOL_CALL =
      new RoundTripBudget(
          "A mutating tool call over the API (update_task_priority)",
          // 15/14 from 14/13, here and below: the test server is a site of a multi-site
          // deployment, and a transaction that changes shared records writes their sync records
          // in one more statement as it completes.
          of(15, 14, 1),
          of(15, 14, 1),
          "at most 14 statements in 2 transactions");

  static final RoundTripBudget TIMER_BATCH =
      new RoundTripBudget(
          "A batch of 100 timer firings with their deterministic runs",
          of(622, 142, 1),
          of(526, 46, 1),
          "at most 600 statements, 6 a firing");

  static final RoundTripBudget WAKE =
      new RoundTripBudget(
          "A wake from a notification batch, its run inside the intake",
          of(13, 13, 1),
          of(13, 13, 1),
          "at most 1 transaction");

  static final RoundTripBudget MODEL_RUN =
      new RoundTripBudget(
          "A model-driven run of one turn (the model answers, no tool)",
          // 31 from 30: the run reads its working state (or its previous run's) into its context;
          // 32 from 31: a manual run's first start asks whether it is a job (once a run and node;
          // a run of any other reason does not ask).
          of(33, 32, 3),
          of(33, 32, 3),
          "at most 1 transaction a step");

  static final RoundTripBudget MODEL_TOOL_STEP =
      new RoundTripBudget(
          "One more model-driven step, calling a mutating tool (update_task_priority)",
          of(23, 22, 1),
          of(23, 22, 1),
          "at most 1 transaction");

  static final RoundTripBudget PLAN_RUN =
      new RoundTripBudget(
          "A run of a plan of one mutating tool call (update_task_priority)",
          // 38 from 37: a manual run's first start asks whether it is a job.
          of(39, 39, 3),
          of(39, 39, 3),
          "at most 1 transaction a step");

  static final RoundTripBudget PLAN_STEP =
      new RoundTripBudget(
          "One more step of a plan, calling a mutating tool (update_task_priority)",
          of(15, 15, 1),
          of(15, 15, 1),
          "at most 1 transaction");

  /** As many firings as one batch of the clock holds by default (reveille.timer.batch-size). */
  private static final int FIRINGS = 100;

  private static final String DAILY =
      "{\"schedule\":{\"kind\":\"daily\",\"time\":\"07:00\",\"zone\":\"Europe/Berlin\"}}";

  @Inject ToolWorld worlds;
  @Inject AgentService agents;
  @Inject AgentTimerService timers;
  @Inject TimerFixture timerFixture;
  @Inject AlarmBatches alarmBatches;
  @Inject SubscriptionService subscriptions;
  @Inject SubscriptionCatalog catalog;
  @Inject NotificationIntake intake;
  @Inject NotificationBatchParser parser;
  @Inject JournalFixture fixture;
  @Inject UserTransaction transaction;
  @Inject RunLogFixture runLog;
  @Inject WakeRunner runner;
  @Inject InferenceGateway gateway;

  @Resource(lookup = "jdbc/reveille")
  DataSource dataSource;

  @Test
  void aMutatingToolCallOverTheApiKeepsItsBudget() throws Exception {
    var world = worlds.create();
    var key = "tool-call-" + UUID.randomUUID();
    var body =
        Json.createObjectBuilder()
            .add("operationId", "op-" + UUID.randomUUID())
            .add(
                "arguments",
                Json.createObjectBuilder().add("taskId", world.taskA).add("priority", "p0"))
            .build()
            .toString();
    heard(List.of(world.agentId, world.taskA));
    settle();

    var response =
        Api.inServer()
            .send(
                "POST",
                "/api/agents/" + world.agentId + "/tools/update_task_priority",
                body,
                RequestRoundTrips.HEADER,
                key);

    assertEquals(200, response.status(), response::toString);
    assertEquals("p0", world.services.journal.task(world.taskA).getPriority().wire());
    TOOL_CALL.assertHeld(kind(), RequestRoundTrips.of(key, Duration.ofSeconds(10)));
  }

  @Test
  void aBatchOfTimerFiringsWithTheirRunsKeepsItsBudget() throws Exception {
    var at = Instant.now().truncatedTo(ChronoUnit.MILLIS).minusSeconds(1);
    var claimed = new ArrayList<Claimed>();
    transaction.begin();
    try {
      for (var i = 0; i < FIRINGS; i++) {
        var agentId = agents.create(NewAgent.custom("Budgeted timer " + i)).agent().getId();
        var timer = timers.create(agentId, json(DAILY));
        timerFixture.makeDueAndClaimed(timer.getId(), at, at.plus(AlarmBatches.CLAIM));
        claimed.add(new Claimed(agentId, timer.getId(), at));
      }
      transaction.commit();
    } catch (Exception | Error e) {
      transaction.rollback();
      throw e;
    }
    // The order a clock's batch fires in: by agent, then timer.
    claimed.sort(Comparator.comparing(Claimed::agentId).thenComparing(Claimed::timerId));
    heard(claimed.stream().map(Claimed::agentId).toList());

    settle();
    var cost = measure(() -> alarmBatches.fire(List.copyOf(claimed)));

    for (var alarm : claimed) {
      var runs = fixture.runs(alarm.agentId());
      assertEquals(1, runs.size(), "one run of the firing: " + runs);
      assertEquals(WakeReason.TIMER, runs.get(0).getReason());
      assertEquals(WakeStatus.COMPLETED, runs.get(0).getStatus());
    }
    TIMER_BATCH.assertHeld(kind(), cost);
  }

  @Test
  void aWakeFromANotificationBatchKeepsItsBudget() throws Exception {
    var entity = "budget-" + UUID.randomUUID();
    var agentId = agents.create(NewAgent.custom("Budgeted watcher")).agent().getId();
    subscriptions.create(agentId, new NewSubscription(List.of(), List.of(), List.of(entity), null));
    var batch =
        parser.parse(
            "{\"schemaVersion\":1,\"batchId\":\"%s\",\"tokens\":[\"%s\"]}"
                .formatted("budget-batch-" + UUID.randomUUID(), entity));
    heard(List.of(agentId));

    settle();
    // The delivery's transaction, as the consumer's container gives it.
    var cost = measure(() -> inTransaction(() -> intake.accept(batch, true)));

    var runs = fixture.runs(agentId);
    assertEquals(1, runs.size(), "one run of the wake: " + runs);
    assertEquals(WakeStatus.COMPLETED, runs.get(0).getStatus(), "run within the intake");
    WAKE.assertHeld(kind(), cost);
  }

  /**
   * A run of a model-driven agent that answers at once, and one that first calls a mutating tool:
   * the first is what a run costs around its one step, the difference what one more step costs.
   * Both run on this thread from a queued run-log entry that has no job on the wake queue, so no
   * consumer runs them beside the test.
   */
  @Test
  void modelDrivenStepsKeepTheirBudgets() throws Exception {
    ClosedCircuit.await(gateway);
    var model = OpenAiProtocolServer.shared();
    var world = worlds.create();
    var answering = modelAgent(world.categoryA);
    var answeringRun = runLog.insertQueuedRun(answering);
    var calling = modelAgent(world.categoryA);
    heard(List.of(answering, calling, world.taskA));
    model.thenAnswer("Nothing to do.");
    settle();
    var oneTurn = measure(() -> runner.run(answeringRun, answering));

    var callingRun = runLog.insertQueuedRun(calling);
    var arguments =
        Json.createObjectBuilder().add("taskId", world.taskA).add("priority", "p0").build();
    model.thenToolCall("update_task_priority", arguments.toString()).thenAnswer("Raised it.");
    settle();
    var twoTurns = measure(() -> runner.run(callingRun, calling));

    assertEquals(WakeStatus.COMPLETED, runLog.find(answeringRun).getStatus());
    assertEquals(WakeStatus.COMPLETED, runLog.find(callingRun).getStatus());
    assertEquals("p0", world.services.journal.task(world.taskA).getPriority().wire());
    MODEL_RUN.assertHeld(kind(), oneTurn);
    MODEL_TOOL_STEP.assertHeld(kind(), twoTurns.minus(oneTurn));
  }

  /**
   * A run of an agent whose plan makes one mutating call, and one whose plan makes two: the first
   * is what a planned run costs around its one step, the difference what one more step costs. As
   * with the model-driven runs, both run on this thread from queued run-log entries.
   */
  @Test
  void planStepsKeepTheirBudgets() throws Exception {
    var world = worlds.create();
    var one = planAgent(world.categoryA, List.of(world.taskA));
    var two = planAgent(world.categoryA, List.of(world.taskA, world.taskA2));
    heard(List.of(one, two, world.taskA, world.taskA2));
    var oneRun = runLog.insertQueuedRun(one);
    settle();
    var oneStep = measure(() -> runner.run(oneRun, one));
    var twoRun = runLog.insertQueuedRun(two);
    settle();
    var twoSteps = measure(() -> runner.run(twoRun, two));

    assertEquals(WakeStatus.COMPLETED, runLog.find(oneRun).getStatus());
    assertEquals(WakeStatus.COMPLETED, runLog.find(twoRun).getStatus());
    assertEquals("p1", world.services.journal.task(world.taskA2).getPriority().wire());
    PLAN_RUN.assertHeld(kind(), oneStep);
    PLAN_STEP.assertHeld(kind(), twoSteps.minus(oneStep));
  }

  /** An agent whose plan raises each of {@code taskIds}: the first to p0, the others to p1. */
  private String planAgent(String categoryId, List<String> taskIds) {
    var calls = new java.util.ArrayList<AgentPlan.Call>();
    for (var i = 0; i < taskIds.size(); i++) {
      calls.add(
          new AgentPlan.Call(
              "update_task_priority",
              Json.createObjectBuilder()
                  .add("taskId", taskIds.get(i))
                  .add("priority", i == 0 ? "p0" : "p1")
                  .build()));
    }
    return agents
        .create(
            new NewAgent(
                AgentKind.CUSTOM,
                "Budgeted plan agent",
                AgentMode.AUTONOMOUS,
                AgentLifecycle.ACTIVE,
                Set.of(categoryId),
                AgentConfig.empty().withPlan(AgentPlan.of(calls)),
                AgentSlots.empty()))
        .agent()
        .getId();
  }

  private String modelAgent(String categoryId) {
    return agents
        .create(
            new NewAgent(
                AgentKind.CUSTOM,
                "Budgeted model agent",
                AgentMode.AUTONOMOUS,
                AgentLifecycle.ACTIVE,
                Set.of(categoryId),
                AgentConfig.empty().withModelId("default"),
                AgentSlots.empty()))
        .agent()
        .getId();
  }

  /**
   * Subscribes an agent of its own to every batch that names one of {@code entityIds}: what the
   * measured operation announces is then always heard and so always written to the outbox, whatever
   * the tests beside this one subscribe to (a batch nobody would hear is not written at all).
   */
  private void heard(List<String> entityIds) {
    var listener = agents.create(NewAgent.custom("Budget listener")).agent().getId();
    subscriptions.create(
        listener, new NewSubscription(List.of(), List.of(), List.copyOf(entityIds), null));
  }

  /**
   * Brings the server's subscription index up to the latest subscription change, here and now: the
   * thread that first finds the index behind reads the changes, and that must not be the measured
   * operation one time and another thread the next.
   */
  private void settle() throws Exception {
    inTransaction(catalog::current);
  }

  private void inTransaction(Runnable work) throws Exception {
    transaction.begin();
    try {
      work.run();
    } catch (RuntimeException | Error e) {
      transaction.rollback();
      throw e;
    }
    transaction.commit();
  }

  private DatabaseKind kind() {
    return DatabaseKind.of(dataSource);
  }

  private static jakarta.json.JsonObject json(String text) {
    return Json.createReader(new StringReader(text)).readObject();
  }
}
