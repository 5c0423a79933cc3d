package io.reveille.tool.control.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.journal.control.ChangeOrigin;
import io.reveille.tool.control.OperationIds;
import io.reveille.tool.control.PreparedCall;
import io.reveille.tool.control.ToolArguments;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolResult;
import io.reveille.tool.control.ledger.ToolCallSteps;
import io.reveille.tool.control.scope.CategoryScope;
import io.reveille.wake.entity.WakeReason;
import jakarta.enterprise.inject.Vetoed;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The decisions of an external call, with the transactions and the HTTP exchange replaced by
 * recorders: what is sent, in which order the ledger moves, and where reconciliation stops.
 */
class ExternalCallsTest {

  private static final String DOCUMENT =
      """
      {"tools": [
        {"name": "send_with_lookup", "description": "Sends; a lookup can tell.", "method": "POST",
         "url": "https://x.example.com/send", "headers": {"Authorization": "Bearer ${secret:x.token}"},
         "body": "arguments", "inputSchema": %1$s, "outputSchema": %2$s,
         "response": {"fields": {"id": "/id"}}, "timeoutMillis": 1000, "idempotent": false,
         "lookup": {"method": "GET", "url": "https://x.example.com/by-key/{idempotencyKey}"},
         "riskLevel": "low"},
        {"name": "send_idempotent", "description": "Sends; honours the key.", "method": "POST",
         "url": "https://x.example.com/send", "body": "arguments", "inputSchema": %1$s,
         "outputSchema": %2$s, "response": {"fields": {"id": "/id"}}, "timeoutMillis": 1000,
         "idempotent": true, "riskLevel": "low"},
        {"name": "send_plain", "description": "Sends; nothing can tell.", "method": "POST",
         "url": "https://x.example.com/send", "body": "arguments", "inputSchema": %1$s,
         "outputSchema": %2$s, "timeoutMillis": 1000, "idempotent": false, "riskLevel": "low"}
      ]}
      """
          .formatted(
              "{\"type\":\"object\",\"properties\":{\"note\":{\"type\":\"string\"}},"
                  + "\"additionalProperties\":false}",
              "{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"string\"}},"
                  + "\"additionalProperties\":false}");

  private static final Map<String, ExternalToolDeclaration> TOOLS =
      ExternalToolDocument.parse(DOCUMENT, Set.of(), new SideEffectClassifier(Set.of(), Set.of()))
          .stream()
          .collect(java.util.stream.Collectors.toMap(ExternalToolDeclaration::name, t -> t));

  private final List<String> ledger = new ArrayList<>();
  private final List<ExternalRequest> sent = new ArrayList<>();
  private final ArrayDeque<ExternalExchange> answers = new ArrayDeque<>();
  private ExternalCallSteps.Reservation reservation =
      new ExternalCallSteps.Send("k".repeat(64), "action-1", 1);
  private boolean takenOver;
  private final Map<String, String> secrets = new java.util.HashMap<>(Map.of("x.token", "s3cr3t"));

  private final ExternalCalls calls = new ExternalCalls();

  ExternalCallsTest() {
    calls.steps = new RecordingSteps();
    calls.callSteps = new RecordingRefusals();
    calls.http = new ScriptedHttp();
    calls.tools = new FixedTools();
    calls.auth =
        new AuthEscalation() {
          @Override
          boolean escalates(io.reveille.tool.control.PreparedCall call) {
            // No job asks a person here: the run of these calls is no job.
            return false;
          }
        };
  }

  private ToolResult execute(String tool) {
    var definition = ExternalToolDefinitions.definition(TOOLS.get(tool));
    var arguments = Json.createObjectBuilder().add("note", "hello").build();
    var invocation =
        new ToolInvocation(
            "agent-1",
            tool,
            Optional.of("op-1"),
            WakeReason.MANUAL,
            CategoryScope.of(List.of()),
            new ToolArguments(arguments, Optional.empty()),
            false,
            ChangeOrigin.agent("agent-1", "run-1"),
            "agent-1:tools");
    return calls.execute(
        new PreparedCall(
            definition,
            invocation,
            arguments,
            OperationIds.argumentsHash(arguments),
            Optional.of("tc-1"),
            Optional.of("run-1"),
            "agent-1:tools",
            Optional.empty()),
        TOOLS.get(tool));
  }

  private static ExternalExchange.Answered answer(int status, String id) {
    return new ExternalExchange.Answered(
        status, Map.of(), Optional.of(Json.createObjectBuilder().add("id", id).build()));
  }

  @Test
  void aLookupThatFindsNothingSendsTheCallAgainUnderTheSameKey() {
    answers.add(new ExternalExchange.InDoubt("reset"));
    answers.add(answer(404, "-"));
    answers.add(answer(201, "r-1"));

    var result = execute("send_with_lookup");

    assertTrue(result.isSuccess(), result.toJson().toString());
    assertEquals("r-1", result.payload().getString("id"));
    assertEquals(
        List.of("POST", "GET", "POST"), sent.stream().map(ExternalRequest::method).toList());
    assertEquals(1, sent.stream().map(ExternalRequest::idempotencyKey).distinct().count());
    assertEquals("https://x.example.com/by-key/" + "k".repeat(64), sent.get(1).uri().toString());
    assertEquals(List.of("begin", "claim", "begin", "succeed"), ledger);
  }

  @Test
  void aLookupThatCannotTellLeavesTheCallInDoubt() {
    answers.add(new ExternalExchange.InDoubt("reset"));
    answers.add(answer(500, "-"));

    var result = execute("send_with_lookup");

    assertEquals(Optional.of(ToolErrorCode.IN_DOUBT), result.errorCode());
    assertEquals(List.of("begin", "claim", "inDoubt"), ledger);
    assertEquals(2, sent.size());
  }

  @Test
  void anIdempotentCallIsResentOnceAndASecondLostAnswerEndsInDoubtRatherThanLooping() {
    answers.add(new ExternalExchange.InDoubt("reset"));
    answers.add(new ExternalExchange.InDoubt("reset again"));

    var result = execute("send_idempotent");

    assertEquals(Optional.of(ToolErrorCode.IN_DOUBT), result.errorCode());
    assertEquals(List.of("begin", "begin", "inDoubt"), ledger);
    assertEquals(2, sent.size());
  }

  @Test
  void aPlainCallWithoutAnAnswerIsInDoubtAtOnce() {
    answers.add(new ExternalExchange.InDoubt("reset"));

    var result = execute("send_plain");

    assertEquals(Optional.of(ToolErrorCode.IN_DOUBT), result.errorCode());
    assertTrue(result.errorCode().get().parksRun());
    assertEquals(List.of("begin", "inDoubt"), ledger);
  }

  @Test
  void aStaleCallWithALookupIsAskedAboutBeforeAnythingIsSent() {
    reservation = new ExternalCallSteps.Reconcile("k".repeat(64), "action-2", 3, Optional.empty());
    answers.add(answer(200, "r-9"));

    var result = execute("send_with_lookup");

    assertEquals("r-9", result.payload().getString("id"));
    assertEquals(List.of("GET"), sent.stream().map(ExternalRequest::method).toList());
    assertEquals(List.of("claim", "succeed"), ledger);
  }

  @Test
  void refusalsProviderFailuresAndAnOpenBreakerFailTheCallWithTheirCodes() {
    answers.add(answer(422, "-"));
    var refused = execute("send_plain");
    assertEquals(Optional.of(ToolErrorCode.EXTERNAL_ERROR), refused.errorCode());
    assertTrue(refused.errorMessage().get().contains("will not help"));

    answers.add(answer(503, "-"));
    var unwell = execute("send_plain");
    assertTrue(unwell.errorMessage().get().contains("may be retried"));

    answers.add(
        new ExternalExchange.NotSent(
            "the circuit breaker of send_plain is open", ExternalExchange.Refusal.BREAKER_OPEN));
    var open = execute("send_plain");
    assertEquals(Optional.of(ToolErrorCode.EXTERNAL_UNAVAILABLE), open.errorCode());
    assertTrue(open.errorMessage().get().contains("circuit breaker"), open.errorMessage().get());
  }

  @Test
  void anExecutionThatLosesTheRowToAnotherSendsNothing() {
    takenOver = true;

    var result = execute("send_plain");

    assertEquals(Optional.of(ToolErrorCode.CONFLICT), result.errorCode());
    assertTrue(sent.isEmpty());
  }

  @Test
  void aMissingSecretSendsNothingAndNamesThePropertyNotAValue() {
    secrets.clear();

    var result = execute("send_with_lookup");

    assertEquals(Optional.of(ToolErrorCode.EXTERNAL_UNAVAILABLE), result.errorCode());
    assertTrue(result.errorMessage().get().contains("x.token"), result.errorMessage().get());
    assertTrue(sent.isEmpty());
    assertEquals(List.of("fail"), ledger);
  }

  @Test
  void theRequestCarriesTheResolvedSecretButShowsItNowhere() {
    answers.add(answer(201, "r-1"));

    var result = execute("send_with_lookup");

    assertEquals("Bearer s3cr3t", sent.get(0).headers().get("Authorization"));
    assertFalse(sent.get(0).toString().contains("s3cr3t"));
    assertFalse(result.toJson().toString().contains("s3cr3t"));
  }

  // Test classes are deployed with the ITs: the fakes must not become beans.
  @Vetoed
  private class RecordingSteps extends ExternalCallSteps {
    @Override
    public Reservation reserve(
        PreparedCall call, String externalKey, boolean reconcilable, Duration staleAfter) {
      return reservation;
    }

    @Override
    public OptionalLong begin(PreparedCall call, long version) {
      if (takenOver) {
        return OptionalLong.empty();
      }
      ledger.add("begin");
      return OptionalLong.of(version + 1);
    }

    @Override
    public OptionalLong claim(PreparedCall call, long version) {
      ledger.add("claim");
      return OptionalLong.of(version + 1);
    }

    @Override
    public ToolResult succeed(
        PreparedCall call, String actionId, JsonObject payload, Optional<String> correlationId) {
      ledger.add("succeed");
      return ToolResult.success(
          call.toolName(), call.operationId(), actionId, ToolOutcome.read(payload), false);
    }

    @Override
    public ToolResult fail(
        PreparedCall call,
        String actionId,
        ToolErrorCode code,
        String message,
        Optional<String> correlationId) {
      ledger.add("fail");
      return ToolResult.error(call.toolName(), call.operationId(), actionId, code, message);
    }

    @Override
    public ToolResult inDoubt(PreparedCall call, String actionId, String why) {
      ledger.add("inDoubt");
      return ToolResult.error(
          call.toolName(), call.operationId(), actionId, ToolErrorCode.IN_DOUBT, why);
    }
  }

  // Test classes are deployed with the ITs: the fakes must not become beans.
  @Vetoed
  private static class RecordingRefusals extends ToolCallSteps {
    @Override
    public ToolResult recordRefusal(PreparedCall call, ToolErrorCode code, String message) {
      return ToolResult.error(call.toolName(), call.operationId(), "refusal", code, message);
    }
  }

  // Test classes are deployed with the ITs: the fakes must not become beans.
  @Vetoed
  private class ScriptedHttp extends ExternalHttp {
    @Override
    public ExternalExchange send(ExternalRequest request) {
      sent.add(request);
      return answers.isEmpty() ? new ExternalExchange.InDoubt("no script") : answers.poll();
    }
  }

  // Test classes are deployed with the ITs: the fakes must not become beans.
  @Vetoed
  private class FixedTools extends ExternalTools {
    @Override
    public Optional<String> secret(String property) {
      return Optional.ofNullable(secrets.get(property));
    }

    @Override
    public Duration staleMargin() {
      return Duration.ofSeconds(30);
    }
  }
}
