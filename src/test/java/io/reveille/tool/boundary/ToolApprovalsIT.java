package io.reveille.tool.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import io.reveille.journal.control.ChecklistService;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import io.reveille.testing.HttpSink;
import io.reveille.testing.Poll;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.tool.control.ToolWorld;
import io.reveille.wake.control.RunLogFixture;
import io.reveille.wake.control.WakeScheduler;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Approvals end to end: a custom agent's run, scripted through {@link OpenAiProtocolServer}, moves
 * checklist items — a call the test server's policy holds ({@code
 * REVEILLE_APPROVAL_CUSTOM_TOOLS=move_checklist_items}, the run goes on) — and a person decides the
 * proposal over REST. Each test builds its own world (categories, tasks, agent).
 */
@ExtendWith(ArquillianExtension.class)
class ToolApprovalsIT {

  private static final Duration WAKE = Duration.ofSeconds(45);
  private static final String TOOL = "move_checklist_items";
  private static final String EXTERNAL_TOOL = "send_it_receipt";

  @Inject AgentService agents;
  @Inject ToolWorld worlds;
  @Inject ChecklistService checklists;
  @Inject WakeScheduler scheduler;
  @Inject RunLogFixture runLog;
  @Inject InferenceGateway gateway;
  @Inject ToolExecutor executor;

  private OpenAiProtocolServer server;

  @BeforeEach
  void reset() {
    server = OpenAiProtocolServer.shared();
    ClosedCircuit.await(gateway);
  }

  /** A world whose agent's run proposed to move the source checklist's items to {@code to}. */
  private record Proposed(
      ToolWorld.World world,
      String agentId,
      String from,
      String to,
      JsonObject arguments,
      String runKey,
      JsonObject proposal) {}

  private Proposed proposeInARun() {
    var world = worlds.create();
    var from = checklists.checklists(world.taskA).get(0).getId();
    var to =
        checklists
            .createChecklist(world.taskA2, "Destination", List.of("Kept"), ChangeOrigin.NONE)
            .checklist()
            .getId();
    var arguments =
        Json.createObjectBuilder()
            .add("itemIds", Json.createArrayBuilder().add(world.itemA))
            .add("fromChecklistId", from)
            .add("toChecklistId", to)
            .add("preserveCheckedState", true)
            .build();
    var marker = "approvals-" + UUID.randomUUID();
    var agentId =
        agents
            .create(
                new NewAgent(
                    AgentKind.CUSTOM,
                    "Approvals " + marker,
                    AgentMode.AUTONOMOUS,
                    AgentLifecycle.ACTIVE,
                    Set.of(world.categoryA),
                    AgentConfig.empty()
                        .withModelId("default")
                        .withInstructions("You are the approvals agent " + marker + "."),
                    AgentSlots.empty()))
            .agent()
            .getId();
    server.thenToolCall(TOOL, arguments.toString()).thenAnswer("I proposed the move.");
    var runKey = scheduler.scheduleManual(agentId, Optional.of(marker)).getRunKey();
    Poll.until(
        WAKE,
        () -> {
          var status = runLog.find(runKey).getStatus();
          return status == WakeStatus.FAILED || status == WakeStatus.COMPLETED;
        });
    assertEquals(WakeStatus.COMPLETED, runLog.find(runKey).getStatus(), "the run went on");
    var pending = Api.inServer().get("/api/agents/" + agentId + "/proposals?status=pending");
    assertEquals(200, pending.status(), pending::toString);
    var items = pending.structure().asJsonArray().getValuesAs(JsonObject.class);
    assertEquals(1, items.size(), pending::toString);
    var proposal = items.get(0);
    assertEquals(TOOL, proposal.getString("toolName"));
    assertEquals(runKey, proposal.getString("runKey"));
    assertEquals("proposed", proposal.getString("heldAs"));
    assertEquals(from, checklists.item(world.itemA).getChecklistId(), "nothing moved yet");
    return new Proposed(world, agentId, from, to, arguments, runKey, proposal);
  }

  /** The same call the run made, made again as a re-run of the run would: same operation id. */
  private ToolResultView callAgain(Proposed proposed) {
    var result =
        executor.execute(
            new ToolRequest(
                proposed.agentId(),
                TOOL,
                Optional.of(proposed.proposal().getString("operationId")),
                proposed.arguments(),
                false,
                WakeReason.MANUAL,
                Optional.of(proposed.runKey()),
                OptionalInt.empty(),
                Optional.empty()));
    return new ToolResultView(result.errorCode(), result.replayed(), result.toJson());
  }

  private record ToolResultView(
      Optional<ToolErrorCode> errorCode, boolean replayed, JsonObject json) {}

  private static String path(Proposed proposed, String action) {
    return "/api/proposals/" + proposed.proposal().getString("id") + action;
  }

  @Test
  void aPendingProposalShowsInTheContextAndARepeatedCallProposesNothingMore() {
    var proposed = proposeInARun();

    var again = callAgain(proposed);

    assertEquals(Optional.of(ToolErrorCode.PROPOSED), again.errorCode());
    assertEquals(
        proposed.proposal().getString("id"),
        again.json().getJsonObject("payload").getString("proposalId"));
    var context = Api.inServer().get("/api/agents/" + proposed.agentId() + "/context").json();
    assertEquals(1, context.getInt("pendingProposalCount"));
    assertEquals(
        proposed.proposal().getString("id"),
        context.getJsonArray("pendingProposals").getJsonObject(0).getString("id"));
    var results =
        Api.inServer()
            .get("/api/agents/" + proposed.agentId() + "/messages?kind=toolResult&content=true")
            .json()
            .getJsonArray("items")
            .getValuesAs(JsonObject.class);
    assertEquals(
        1,
        results.stream()
            .filter(m -> m.getString("content").contains(proposed.proposal().getString("id")))
            .count(),
        "the log says once that the call awaits approval: " + results);
    var all = Api.inServer().get("/api/agents/" + proposed.agentId() + "/proposals").structure();
    assertEquals(1, all.asJsonArray().size(), "still one proposal");
  }

  @Test
  void anApprovedProposalAppliesExactlyItsPreviewOnce() {
    var proposed = proposeInARun();

    var approved = Api.inServer().post(path(proposed, "/approve"), "");

    assertEquals(200, approved.status(), approved::toString);
    var body = approved.json();
    assertEquals("approved", body.getString("status"));
    assertEquals("admin", body.getString("decidedBy"));
    var preview = body.getJsonObject("preview").getJsonObject("payload");
    assertEquals(preview, body.getJsonObject("appliedResult").getJsonObject("payload"));
    var moved = checklists.item(proposed.world().itemA);
    assertEquals(proposed.to(), moved.getChecklistId());
    assertEquals(
        List.of("Kept", "Draft outline"),
        checklists.checklistItems(proposed.to()).stream().map(ChecklistItem::getTitle).toList(),
        "moved once");
    var ledger =
        Api.inServer()
            .get("/api/agents/" + proposed.agentId() + "/tool-calls")
            .structure()
            .asJsonArray();
    var receipts =
        ledger.getValuesAs(JsonObject.class).stream()
            .filter(row -> row.getString("idempotencyKey").equals(body.getString("id")))
            .toList();
    assertEquals(1, receipts.size(), ledger::toString);
    assertEquals("succeeded", receipts.get(0).getString("status"));

    var again = callAgain(proposed);

    assertTrue(again.replayed(), "a re-run gets the receipt: " + again.json());
    assertEquals(Optional.empty(), again.errorCode());
    assertEquals(2, checklists.checklistItems(proposed.to()).size(), "never applied twice");
  }

  @Test
  void aProposalWhoseTargetChangedIsRefusedAndChangesNothing() {
    var proposed = proposeInARun();
    var item = proposed.world().itemA;
    checklists.updateChecklistItem(
        proposed.world().taskA,
        item,
        java.util.OptionalLong.empty(),
        Optional.of("Draft outline, revised"),
        Optional.empty(),
        ChangeOrigin.NONE);

    var approved = Api.inServer().post(path(proposed, "/approve"), "");

    assertEquals(409, approved.status(), approved::toString);
    assertTrue(approved.json().getString("detail").contains(item), approved::toString);
    var proposal = Api.inServer().get(path(proposed, "")).json();
    assertEquals("refused", proposal.getString("status"));
    assertTrue(proposal.getString("reason").contains(item));
    assertEquals(proposed.from(), checklists.item(item).getChecklistId(), "nothing moved");
    assertEquals(1, checklists.checklistItems(proposed.to()).size());
    assertEquals(Optional.of(ToolErrorCode.CONFLICT), callAgain(proposed).errorCode());
  }

  @Test
  void aRejectedProposalChangesNothingAndTheCallIsToldSo() {
    var proposed = proposeInARun();

    var rejected =
        Api.inServer().post(path(proposed, "/reject"), "{\"reason\":\"not before the review\"}");

    assertEquals(200, rejected.status(), rejected::toString);
    assertEquals("rejected", rejected.json().getString("status"));
    assertEquals("not before the review", rejected.json().getString("reason"));
    assertEquals(proposed.from(), checklists.item(proposed.world().itemA).getChecklistId());
    assertEquals(1, checklists.checklistItems(proposed.to()).size());
    assertEquals(Optional.of(ToolErrorCode.PROPOSAL_REJECTED), callAgain(proposed).errorCode());
    var tooLong =
        Api.inServer().post(path(proposed, "/reject"), "{\"reason\":\"" + "x".repeat(1001) + "\"}");
    assertEquals(400, tooLong.status(), tooLong::toString);
  }

  @Test
  void decidingTwiceIsRefusedWithTheCurrentState() {
    var proposed = proposeInARun();
    assertEquals(200, Api.inServer().post(path(proposed, "/reject"), "{}").status());

    var approve = Api.inServer().post(path(proposed, "/approve"), "");
    var reject = Api.inServer().post(path(proposed, "/reject"), "{}");

    assertEquals(409, approve.status(), approve::toString);
    assertTrue(approve.json().getString("detail").contains("rejected"), approve::toString);
    assertEquals(409, reject.status(), reject::toString);
    assertEquals(proposed.from(), checklists.item(proposed.world().itemA).getChecklistId());
    assertEquals(404, Api.inServer().post("/api/proposals/tc-no-such/approve", "").status());
  }

  /**
   * The escalation an operator could otherwise make: a session turn asking a custom agent (which
   * holds {@code externalCall}) to call a mutating external tool. The call is proposed, nothing is
   * sent, the operator cannot approve it, and an admin's approval sends it once.
   */
  @Test
  void anOperatorsTurnAskingForAnExternalCallSendsNothingUntilAnAdminApproves() {
    try (var sink = HttpSink.start()) {
      var world = worlds.create();
      var marker = "escalation-" + UUID.randomUUID();
      var agentId =
          agents
              .create(
                  new NewAgent(
                      AgentKind.CUSTOM,
                      "Escalation " + marker,
                      AgentMode.INTERACTIVE,
                      AgentLifecycle.ACTIVE,
                      Set.of(world.categoryA),
                      AgentConfig.empty().withModelId("default"),
                      AgentSlots.empty()))
              .agent()
              .getId();
      var note = "note-" + marker;
      var operator = Api.inServer().as(Role.OPERATOR);
      var session = operator.post("/api/agents/" + agentId + "/sessions", "");
      assertEquals(201, session.status(), session::toString);
      server
          .thenToolCall(EXTERNAL_TOOL, "{\"note\":\"" + note + "\"}")
          .thenAnswer("I asked for it to be sent.");
      var turn =
          operator.post(
              "/api/agents/" + agentId + "/sessions/" + session.json().getString("id") + "/turns",
              "{\"text\":\"Send the note " + note + "\",\"turnId\":\"t1\"}");
      assertEquals(202, turn.status(), turn::toString);
      var runKey = turn.json().getString("runKey");
      Poll.until(
          WAKE,
          () -> {
            var status = runLog.find(runKey).getStatus();
            return status == WakeStatus.FAILED || status == WakeStatus.COMPLETED;
          });
      assertEquals(WakeStatus.COMPLETED, runLog.find(runKey).getStatus());
      assertEquals(Optional.of("operator"), runLog.find(runKey).getCausedBy());

      var pending =
          Api.inServer()
              .get("/api/agents/" + agentId + "/proposals?status=pending")
              .structure()
              .asJsonArray()
              .getValuesAs(JsonObject.class);
      assertEquals(1, pending.size(), pending::toString);
      var proposal = pending.get(0);
      assertEquals(EXTERNAL_TOOL, proposal.getString("toolName"));
      var shown = proposal.getJsonObject("preview").getJsonObject("payload").toString();
      assertTrue(shown.contains(note) && !shown.contains(HttpSink.token()), shown);
      assertNull(sink.keyOf(note), "nothing was sent");

      var byOperator = operator.post("/api/proposals/" + proposal.getString("id") + "/approve", "");
      assertEquals(403, byOperator.status(), byOperator::toString);
      assertTrue(
          byOperator.json().getString("detail").contains("needs role admin"), byOperator::toString);
      assertNull(sink.keyOf(note), "still nothing sent");

      var byAdmin =
          Api.inServer().post("/api/proposals/" + proposal.getString("id") + "/approve", "");
      assertEquals(200, byAdmin.status(), byAdmin::toString);
      assertEquals("approved", byAdmin.json().getString("status"));
      assertEquals(
          "applied",
          byAdmin.json().getJsonObject("appliedResult").getJsonObject("payload").getString("state"),
          byAdmin::toString);
      var key = sink.keyOf(note);
      assertEquals(1, sink.requests(key));
      assertEquals(1, sink.applications(key));
      var again =
          Api.inServer().post("/api/proposals/" + proposal.getString("id") + "/approve", "");
      assertEquals(409, again.status(), again::toString);
      assertEquals(1, sink.requests(key), "sent once");
    }
  }
}
