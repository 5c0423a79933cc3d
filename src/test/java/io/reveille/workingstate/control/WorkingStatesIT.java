package io.reveille.workingstate.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.wake.control.RunKeys;
import io.reveille.wake.entity.WakeReason;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.transaction.Status;
import jakarta.transaction.UserTransaction;
import java.io.StringReader;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The working state through the real database: a delta refused — by its schema, or by an operation
 * after a valid one — leaves the stored state and its version as they were, and one applied again
 * under its key changes nothing; a replayed tool call verifies nothing twice; and a run's own tool
 * results, a failed call among them, become its end-of-run delta once however often it is
 * summarised.
 */
@ExtendWith(ArquillianExtension.class)
class WorkingStatesIT {

  @Inject AgentService agents;
  @Inject WorkingStates states;
  @Inject RunSummaries summaries;
  @Inject ToolExecutor tools;
  @Inject UserTransaction transaction;

  private static JsonObject json(String text) {
    try (var reader = Json.createReader(new StringReader(text.replace('\'', '"')))) {
      return reader.readObject();
    }
  }

  private String agent() {
    return agents.create(NewAgent.custom("Working " + UUID.randomUUID())).agent().getId();
  }

  @Test
  void aRefusedDeltaLeavesTheStoredStateAndItsVersionAsTheyWere() {
    var agentId = agent();
    var threadId = agentId + ":session:s-1";
    states.applyDelta(
        agentId,
        threadId,
        "k-1",
        json(
            "{'schemaVersion':1,'itemOps':[{'op':'add','item':{'id':'i-1','kind':'task',"
                + "'title':'Call Ana','status':'active'}}]}"));
    var before = states.stored(agentId, threadId).orElseThrow();

    var refused =
        assertThrows(
            InvalidInputException.class,
            () ->
                states.applyDelta(
                    agentId,
                    threadId,
                    "k-2",
                    json(
                        "{'schemaVersion':1,'understanding':{'entities':[{'id':'t-1','kind':'TASK'}]},"
                            + "'itemOps':[{'op':'update','id':'i-1','patch':{'status':'resolved'}},"
                            + "{'op':'remove','id':'i-404'}]}")));
    assertEquals("itemOps[1]", refused.getField());
    var schemaRefused =
        assertThrows(
            InvalidInputException.class,
            () ->
                states.applyDelta(
                    agentId,
                    threadId,
                    "k-3",
                    json("{'schemaVersion':1,'itemOps':[{'op':'rename','id':'i-1'}]}")));
    assertEquals("itemOps[0].op", schemaRefused.getField());
    states.applyDelta(
        agentId,
        threadId,
        "k-1",
        json("{'schemaVersion':1,'itemOps':[{'op':'remove','id':'i-1'}]}"));

    var after = states.stored(agentId, threadId).orElseThrow();
    assertEquals(before.version(), after.version(), "nothing was written");
    assertEquals(before.state(), after.state());
    assertEquals("active", after.state().item("i-1").orElseThrow().status());
    assertEquals(List.of("k-1"), after.state().summarisedRuns());
  }

  @Test
  void aRefusedDeltaDoesNotDoomTheCallersTransaction() throws Exception {
    var agentId = agent();
    var threadId = agentId + ":session:s-2";
    transaction.begin();
    try {
      assertThrows(
          InvalidInputException.class,
          () ->
              states.applyDelta(
                  agentId,
                  threadId,
                  "k-bad",
                  json("{'schemaVersion':1,'itemOps':[{'op':'remove','id':'i-404'}]}")));
      assertEquals(Status.STATUS_ACTIVE, transaction.getStatus(), "not marked for rollback");
      states.applyDelta(
          agentId,
          threadId,
          "k-good",
          json(
              "{'schemaVersion':1,'itemOps':[{'op':'add','item':{'id':'i-1','kind':'note',"
                  + "'title':'Kept','status':'active'}}]}"));
      transaction.commit();
    } catch (Exception e) {
      if (transaction.getStatus() != Status.STATUS_NO_TRANSACTION) {
        transaction.rollback();
      }
      throw e;
    }
    var state = states.state(agentId, threadId);
    assertEquals(List.of("k-good"), state.summarisedRuns());
    assertEquals("Kept", state.item("i-1").orElseThrow().title());
  }

  @Test
  void aReplayedToolCallVerifiesNothingTwice() {
    var agentId = agent();
    var threadId = agentId + ":tools";
    states.declare(
        agentId,
        threadId,
        List.of(
            Expectation.pending(
                "three",
                "record_observations",
                "three observations",
                List.of(),
                Optional.empty(),
                OptionalInt.of(3))));
    var request =
        ToolRequest.manual(
            agentId,
            "record_observations",
            Optional.of("op-" + UUID.randomUUID()),
            json("{'observations':[{'text':'One'}]}"),
            false);

    assertTrue(tools.execute(request).isSuccess());
    var verified = states.stored(agentId, threadId).orElseThrow();
    assertEquals(Expectation.Status.FAILED, verified.state().expectations().get(0).status());
    assertEquals(1, verified.state().assumptions().size());

    assertTrue(tools.execute(request).replayed());
    var afterReplay = states.stored(agentId, threadId).orElseThrow();
    assertEquals(verified.version(), afterReplay.version());
    assertEquals(verified.state(), afterReplay.state());
  }

  @Test
  void aRunsToolResultsBecomeItsDeltaOnceAFailedCallAnOpenItem() {
    var agentId = agent();
    var runKey = "wk-test-" + UUID.randomUUID();
    var threadId = RunKeys.threadId(agentId, runKey);
    var observed =
        tools.execute(
            new ToolRequest(
                agentId,
                "record_observations",
                Optional.empty(),
                json("{'observations':[{'text':'Seen'}]}"),
                false,
                WakeReason.MANUAL,
                Optional.of(runKey),
                OptionalInt.of(0),
                Optional.of(threadId)));
    assertTrue(observed.isSuccess(), observed::toString);
    var failed =
        tools.execute(
            new ToolRequest(
                agentId,
                "create_task",
                Optional.empty(),
                json("{'title':''}"),
                false,
                WakeReason.MANUAL,
                Optional.of(runKey),
                OptionalInt.of(1),
                Optional.of(threadId)));
    assertTrue(failed.errorCode().isPresent(), failed::toString);

    var state = summaries.summarise(agentId, runKey, threadId).orElseThrow();
    var version = states.stored(agentId, threadId).orElseThrow().version();

    assertEquals(List.of(runKey), state.summarisedRuns());
    assertEquals(1, state.items().size(), state::toString);
    var item = state.items().get(0);
    assertTrue(item.title().startsWith("create_task failed: "), item::title);
    assertEquals("active", item.status());
    assertTrue(
        state.entities().stream().anyMatch(e -> e.id().equals(observed.changedEntityIds().get(0))),
        state::toString);
    assertEquals(state, summaries.summarise(agentId, runKey, threadId).orElseThrow());
    assertEquals(version, states.stored(agentId, threadId).orElseThrow().version());
    assertTrue(states.render(agentId, threadId).orElseThrow().contains("create_task failed"));
  }
}
