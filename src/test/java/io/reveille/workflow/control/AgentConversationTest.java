package io.reveille.workflow.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.inference.control.ChatResult;
import io.reveille.inference.control.ToolCallRequest;
import io.reveille.inference.control.Usage;
import jakarta.json.Json;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AgentConversationTest {

  @Test
  void aRecordedAnswerIsCarriedOutAsTheSameCallsInTheSameOrder() {
    var answer =
        new ChatResult(
            Optional.of("Uploading, then mailing."),
            List.of(
                new ToolCallRequest(
                    "call_1", "upload_report", Json.createObjectBuilder().add("note", "a").build()),
                new ToolCallRequest(
                    "call_2", "send_email", Json.createObjectBuilder().add("note", "b").build())),
            new Usage(40, 10),
            "tool_calls");

    var decision = AgentConversation.decisionOf(answer, "model-x");
    var carried = AgentConversation.fromDecision(decision);

    assertEquals(answer.content(), carried.content());
    assertEquals(answer.toolCalls(), carried.toolCalls());
    assertEquals("model-x", decision.getString("reveille.model"));
    assertEquals(0, carried.usage().promptTokens(), "its usage was counted when it was made");
    assertTrue(carried.hasToolCalls());
  }

  @Test
  void aCallsRecoveriesAreRecordedWithItsDecisionAndReadBack() {
    var call =
        new ToolCallRequest(
                "call_1",
                "set_taks_status",
                Json.createObjectBuilder().add("taskId", "t").build(),
                List.of(ToolCallRequest.Recovery.doubleEncoded()))
            .recovered("set_task_status", ToolCallRequest.Recovery.toolName("set_taks_status"));
    var answer = new ChatResult(Optional.empty(), List.of(call), new Usage(1, 1), "tool_calls");

    var decision = AgentConversation.decisionOf(answer, "m");
    var carried = AgentConversation.fromDecision(decision);

    assertEquals(List.of(call), carried.toolCalls());
    var recorded = decision.getJsonArray("reveille.toolCalls").getJsonObject(0);
    assertEquals("set_task_status", recorded.getString("name"));
    assertEquals(
        "[{\"kind\":\"doubleEncodedArguments\"},"
            + "{\"kind\":\"toolName\",\"from\":\"set_taks_status\"}]",
        recorded.getJsonArray("recovered").toString());
  }

  @Test
  void aRecordedFinalAnswerHasNoCalls() {
    var answer = new ChatResult(Optional.of("Done."), List.of(), new Usage(5, 2), "stop");

    var carried = AgentConversation.fromDecision(AgentConversation.decisionOf(answer, "m"));

    assertEquals(Optional.of("Done."), carried.content());
    assertFalse(carried.hasToolCalls());
  }
}
