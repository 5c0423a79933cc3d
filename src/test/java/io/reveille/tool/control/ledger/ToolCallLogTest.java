package io.reveille.tool.control.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolResult;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ToolCallLogTest {

  @Test
  void aQuestionOrPlanIsAnActionOfItsOwnTypeAndEveryOtherToolACall() {
    assertEquals("ask_user", ToolCallLog.actionType("ask_user"));
    assertEquals("propose_plan", ToolCallLog.actionType("propose_plan"));
    assertEquals("tool_call", ToolCallLog.actionType("set_task_title"));
  }

  @Test
  void aQuestionAwaitingItsAnswerIsPartialAndAnyOtherErrorAnError() {
    var asked =
        ToolResult.error(
            "ask_user", Optional.of("op-1"), "m-1", ToolErrorCode.AWAITING_ANSWER, "waits");
    assertEquals("partial", ToolCallLog.status(asked));
    var refused =
        ToolResult.error(
            "set_task_title", Optional.of("op-2"), "m-2", ToolErrorCode.OUT_OF_SCOPE, "not yours");
    assertEquals("error", ToolCallLog.status(refused));
  }
}
