package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentMode;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.ChecklistService;
import io.reveille.taskagent.control.TaskAgents;
import io.reveille.taskagent.control.TaskAgents.Options;
import io.reveille.testing.Api;
import io.reveille.testing.NotificationSentinel;
import io.reveille.testing.Poll;
import io.reveille.tool.control.ToolWorld;
import io.reveille.tool.control.ledger.ToolLedger;
import io.reveille.tool.entity.ToolCallStatus;
import io.reveille.wake.entity.StepStatus;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs that wait for a person. The test server holds a task agent's {@code move_checklist_items}
 * for approval and lets its run wait ({@code REVEILLE_APPROVAL_TASKAGENT_TOOLS}, {@code
 * REVEILLE_APPROVAL_TASKAGENT_WAIT=true}): the run stops {@code waiting} with its step {@code
 * blocked}; the decision over REST resumes it from its recorded step, without asking the model
 * again for the turn it answered, and the run completes with the decision's outcome.
 */
@ExtendWith(ArquillianExtension.class)
class WaitingRunsIT {

  private static final Duration WAKE = Duration.ofSeconds(45);
  private static final String TOOL = "move_checklist_items";

  @Inject ToolWorld worlds;
  @Inject ChecklistService checklists;
  @Inject TaskAgents taskAgents;
  @Inject NotificationSentinel sentinel;
  @Inject RunLogFixture runLog;
  @Inject RunJournal journal;
  @Inject ToolLedger ledger;
  @Inject WakeScheduler scheduler;
  @Inject InferenceGateway gateway;

  private OpenAiProtocolServer server;

  @BeforeEach
  void reset() {
    server = OpenAiProtocolServer.shared();
    ClosedCircuit.await(gateway);
  }

  /** A task agent whose first run proposed moving an item and waits; what the test needs of it. */
  private record Waiting(
      String agentId, String runKey, String itemId, String from, String to, String marker) {}

  private Waiting aRunWaitingForApproval() {
    var world = worlds.create();
    var from = checklists.checklists(world.taskA).get(0).getId();
    var to =
        checklists
            .createChecklist(
                world.taskA, "Later " + UUID.randomUUID(), List.of("Kept"), ChangeOrigin.NONE)
            .checklist()
            .getId();
    // The world's batches, if any subscription wanted them, are taken in before the agent
    // subscribes, so none of them wakes it.
    sentinel.passThroughTheQueue();
    // The model's requests name the agent's task: the test counts them by it.
    var marker = world.taskA;
    var arguments =
        Json.createObjectBuilder()
            .add("itemIds", Json.createArrayBuilder().add(world.itemA))
            .add("fromChecklistId", from)
            .add("toChecklistId", to)
            .add("preserveCheckedState", true)
            .build();
    server.thenToolCall(TOOL, arguments.toString()).thenAnswer("Report " + marker);
    var agentId =
        taskAgents
            .create(
                world.taskA,
                new Options(
                    Optional.of("Waiting " + UUID.randomUUID()),
                    AgentMode.AUTONOMOUS,
                    AgentConfig.empty().withModelId("default")))
            .agent()
            .getId();
    Poll.until(
        WAKE,
        () ->
            !scheduler
                .log(agentId, new io.reveille.platform.persistence.Window(0, 1))
                .items()
                .isEmpty());
    var runKey =
        scheduler
            .log(agentId, new io.reveille.platform.persistence.Window(0, 1))
            .items()
            .get(0)
            .getRunKey();
    var waiting = until(runKey, WakeStatus.WAITING, WakeStatus.COMPLETED, WakeStatus.FAILED);
    assertEquals(WakeStatus.WAITING, waiting.getStatus(), waiting.getErrorMessage());
    assertEquals(Optional.of("awaiting_approval"), waiting.getErrorCode());
    assertEquals(StepStatus.BLOCKED, journal.steps(runKey).get(0).getStatus());
    assertEquals(from, checklists.item(world.itemA).getChecklistId(), "nothing moved yet");
    var detail = Api.inServer().get("/api/runs/" + runKey).json();
    assertEquals("waiting", detail.getJsonObject("run").getString("status"));
    assertEquals("blocked", detail.getJsonArray("steps").getJsonObject(0).getString("status"));
    assertEquals(1, detail.getJsonArray("proposals").size(), detail::toString);
    return new Waiting(agentId, runKey, world.itemA, from, to, marker);
  }

  private WakeRunLogEntry until(String runKey, WakeStatus... statuses) {
    var wanted = Set.of(statuses);
    Poll.until(WAKE, () -> wanted.contains(runLog.find(runKey).getStatus()));
    return runLog.find(runKey);
  }

  private JsonObject pendingProposal(String agentId) {
    var pending = Api.inServer().get("/api/agents/" + agentId + "/proposals?status=pending");
    assertEquals(200, pending.status(), pending::toString);
    var items = pending.structure().asJsonArray().getValuesAs(JsonObject.class);
    assertEquals(1, items.size(), pending::toString);
    assertEquals("awaiting_approval", items.get(0).getString("heldAs"));
    return items.get(0);
  }

  @Test
  void anApprovedProposalResumesTheWaitingRunWhichCompletesWithTheAppliedMove() {
    var run = aRunWaitingForApproval();
    var proposal = pendingProposal(run.agentId());

    var approved =
        Api.inServer().post("/api/proposals/" + proposal.getString("id") + "/approve", "");
    assertEquals(200, approved.status(), approved::toString);

    var completed =
        until(run.runKey(), WakeStatus.COMPLETED, WakeStatus.FAILED, WakeStatus.WAITING);
    assertEquals(WakeStatus.COMPLETED, completed.getStatus(), completed.getErrorMessage());
    assertEquals(run.to(), checklists.item(run.itemId()).getChecklistId(), "moved once");
    var calls = ledger.ofRun(run.runKey(), 10);
    assertEquals(1, calls.size());
    assertEquals(ToolCallStatus.SUCCEEDED, calls.get(0).getStatus());
    assertEquals(1, calls.get(0).getAttempts(), "applied by the approval, replayed by the run");
    assertEquals(
        2, server.requestsMentioning(run.marker()), "the answered turn was not asked again");
    journal
        .steps(run.runKey())
        .forEach(step -> assertEquals(StepStatus.SUCCEEDED, step.getStatus()));
  }

  @Test
  void aRejectedProposalResumesTheRunWhichGoesOnWithoutTheChange() {
    var run = aRunWaitingForApproval();
    var proposal = pendingProposal(run.agentId());

    var rejected =
        Api.inServer()
            .post(
                "/api/proposals/" + proposal.getString("id") + "/reject",
                "{\"reason\":\"not this week\"}");
    assertEquals(200, rejected.status(), rejected::toString);

    var completed =
        until(run.runKey(), WakeStatus.COMPLETED, WakeStatus.FAILED, WakeStatus.WAITING);
    assertEquals(WakeStatus.COMPLETED, completed.getStatus(), completed.getErrorMessage());
    assertEquals(run.from(), checklists.item(run.itemId()).getChecklistId(), "nothing moved");
    assertEquals(2, server.requestsMentioning(run.marker()));
  }

  @Test
  void cancellingAWaitingRunRejectsItsPendingProposalSoNoLaterApprovalApplies() {
    var run = aRunWaitingForApproval();
    var proposal = pendingProposal(run.agentId());

    var cancelled = Api.inServer().post("/api/runs/" + run.runKey() + "/cancel", "");
    assertEquals(200, cancelled.status(), cancelled::toString);
    assertEquals("cancelled", cancelled.json().getString("status"));

    var read = Api.inServer().get("/api/proposals/" + proposal.getString("id")).json();
    assertEquals("rejected", read.getString("status"), read::toString);
    var approved =
        Api.inServer().post("/api/proposals/" + proposal.getString("id") + "/approve", "");
    assertEquals(409, approved.status(), approved::toString);
    assertEquals(run.from(), checklists.item(run.itemId()).getChecklistId(), "nothing moved");
    assertEquals(WakeStatus.CANCELLED, runLog.find(run.runKey()).getStatus());
  }
}
