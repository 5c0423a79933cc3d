package io.reveille.tool.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.tool.entity.ToolCallStatus;
import jakarta.inject.Inject;
import jakarta.json.Json;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What an execution does with a ledger row an earlier attempt left running — as after a node died
 * mid-call, when a re-run replays the call under the same operation id — and what an open breaker
 * does. The tools are the test server's external tools (see ExternalToolsIT); none of these calls
 * reaches an endpoint that answers.
 */
@ExtendWith(ArquillianExtension.class)
class ExternalCallRecoveryIT {

  @Inject ToolExecutor executor;
  @Inject ToolWorld worlds;
  @Inject LedgerFixture ledger;
  @Inject Clock clock;

  private static final jakarta.json.JsonObject ARGUMENTS =
      Json.createObjectBuilder().add("note", "recovery").build();

  private ToolResult call(String agentId, String tool, String operation) {
    return executor.execute(
        ToolRequest.manual(agentId, tool, Optional.of(operation), ARGUMENTS, false));
  }

  @Test
  void aStaleRunningCallOfAToolThatCannotFindOutIsParkedInDoubtAndNotSent() {
    var agent = worlds.create().agentId;
    var operation = "op-" + UUID.randomUUID();
    var key =
        ledger.leaveRunning(
            agent,
            operation,
            "send_it_dropped_plain",
            ARGUMENTS,
            clock.instant().minus(Duration.ofHours(1)));

    var result = call(agent, "send_it_dropped_plain", operation);

    assertEquals(
        Optional.of(ToolErrorCode.IN_DOUBT), result.errorCode(), result.toJson().toString());
    assertTrue(result.errorCode().get().parksRun());
    var row = ledger.find(key);
    assertEquals(ToolCallStatus.RUNNING, row.getStatus());
    assertTrue(row.isInDoubt());
    assertEquals(1, row.getAttempts(), "not sent again");
  }

  @Test
  void aYoungRunningCallIsInProgressAndLeftAlone() {
    var agent = worlds.create().agentId;
    var operation = "op-" + UUID.randomUUID();
    var key =
        ledger.leaveRunning(agent, operation, "send_it_dropped_plain", ARGUMENTS, clock.instant());

    var result = call(agent, "send_it_dropped_plain", operation);

    assertEquals(Optional.of(ToolErrorCode.CONFLICT), result.errorCode());
    assertTrue(
        result.errorMessage().orElseThrow().contains("in progress"), result.errorMessage().get());
    var row = ledger.find(key);
    assertEquals(ToolCallStatus.RUNNING, row.getStatus());
    assertFalse(row.isInDoubt());
    assertEquals(1, row.getAttempts());
  }

  @Test
  void aStaleRunningCallOfAnIdempotentToolIsSentAgainUnderItsKey() {
    var agent = worlds.create().agentId;
    var operation = "op-" + UUID.randomUUID();
    var key =
        ledger.leaveRunning(
            agent,
            operation,
            "send_it_unreachable",
            ARGUMENTS,
            clock.instant().minus(Duration.ofHours(1)));

    var result = call(agent, "send_it_unreachable", operation);

    assertEquals(Optional.of(ToolErrorCode.EXTERNAL_UNAVAILABLE), result.errorCode());
    var row = ledger.find(key);
    assertEquals(2, row.getAttempts(), "taken over and sent again");
    assertEquals(ToolCallStatus.FAILED, row.getStatus(), "refused before sending: a definite no");
    assertEquals(64, row.getExternalIdempotencyKey().length());
  }

  @Test
  void anOpenBreakerSendsNothingAndFailsTheCallRetryably() {
    var agent = worlds.create().agentId;
    ToolResult last = null;
    for (var i = 0; i < 4; i++) {
      last = call(agent, "send_it_unreachable", "op-" + UUID.randomUUID());
      assertEquals(Optional.of(ToolErrorCode.EXTERNAL_UNAVAILABLE), last.errorCode());
    }
    assertTrue(
        last.errorMessage()
            .orElseThrow()
            .contains("circuit breaker of send_it_unreachable is open"),
        last.errorMessage().get());
    assertTrue(last.errorMessage().get().contains("may be retried"));
  }
}
