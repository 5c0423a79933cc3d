package io.reveille.tool.control.external;

import io.reveille.platform.LogText;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.OperationIds;
import io.reveille.tool.control.PreparedCall;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolResult;
import io.reveille.tool.control.ledger.ToolCallSteps;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.faulttolerance.exceptions.FaultToleranceException;

/**
 * Runs an external tool's call around its ledger row, never inside a transaction: reserve the row
 * and commit, mark it running and commit, send the request, record what came of it.
 *
 * <p>What came of it: a 2xx answer → succeeded with the mapped result; 4xx (and 3xx) → failed,
 * definitely (the provider refused; sending again will not help); 5xx or 429 → failed, may be
 * retried under the same key; not sent (breaker open, connection refused) → failed, unavailable. No
 * answer after the request left → <em>in doubt</em>, reconciled at once as the tool allows: a
 * lookup asks the provider (found → succeeded with what it says, not found → sent again with the
 * same key); an idempotent tool is sent again with the same key; any other stays running, marked in
 * doubt, and the caller gets {@code in_doubt} (a run parks until a person resolves it). An
 * execution that finds the row running from an attempt that is gone (stale) or in doubt reconciles
 * the same way before anything else; a succeeded row returns its receipt unsent.
 */
@ApplicationScoped
public class ExternalCalls {

  private static final Logger LOG = Logger.getLogger(ExternalCalls.class.getName());

  /** The tool namespace in the idempotency key. */
  static final String NAMESPACE = "external";

  @Inject ExternalCallSteps steps;
  @Inject ToolCallSteps callSteps;
  @Inject ExternalHttp http;
  @Inject ExternalTools tools;
  @Inject AuthEscalation auth;

  public ToolResult execute(PreparedCall call, ExternalToolDeclaration tool) {
    if (!tool.sideEffect().isMutating()) {
      return read(call, tool);
    }
    var key = idempotencyKey(call, tool);
    var staleAfter = Duration.ofMillis(tool.timeoutMillis()).plus(tools.staleMargin());
    var reservation = steps.reserve(call, key, reconcilable(tool), staleAfter);
    if (reservation instanceof ExternalCallSteps.Replay replay) {
      return replay.result();
    }
    if (reservation instanceof ExternalCallSteps.Refuse refuse) {
      return callSteps.recordRefusal(call, refuse.code(), refuse.message());
    }
    if (reservation instanceof ExternalCallSteps.Parked parked) {
      return parked.result();
    }
    if (reservation instanceof ExternalCallSteps.Reconcile reconcile) {
      ExternalRequest request;
      try {
        request = request(call, tool, reconcile.key());
      } catch (ToolFailure e) {
        return steps.inDoubt(call, reconcile.actionId(), e.getMessage());
      }
      return reconcile(
          call,
          tool,
          request,
          reconcile.actionId(),
          reconcile.version(),
          reconcile.correlationId());
    }
    var send = (ExternalCallSteps.Send) reservation;
    var decided = auth.before(call);
    if (decided.isPresent()) {
      return steps.fail(
          call,
          send.actionId(),
          decided.get().getCode(),
          decided.get().getMessage(),
          Optional.empty());
    }
    ExternalRequest request;
    try {
      request = request(call, tool, send.key());
    } catch (ToolFailure e) {
      return steps.fail(call, send.actionId(), e.getCode(), e.getMessage(), Optional.empty());
    }
    return send(call, tool, request, send.actionId(), send.version(), false);
  }

  /**
   * The key sent as {@code Idempotency-Key}: per run (inside a run its run key, over the API the
   * call's ledger key, which is per agent and operation id), tool, arguments and scope values. A
   * read sends one too; it is not ledgered, so nothing depends on it.
   */
  static String idempotencyKey(PreparedCall call, ExternalToolDeclaration tool) {
    // A read over the API has no ledger key: its origin's run key is unique to the call.
    var run =
        call.runKey()
            .or(call::ledgerKey)
            .or(() -> call.invocation().origin().runKey())
            .orElseThrow();
    var scope = JsonDocuments.provider().createObjectBuilder();
    tool.scopeArguments()
        .forEach(name -> scope.add(name, call.arguments().getOrDefault(name, JsonValue.NULL)));
    return OperationIds.externalIdempotencyKey(
        run, NAMESPACE, tool.name(), call.argumentsHash(), scope.build());
  }

  private static boolean reconcilable(ExternalToolDeclaration tool) {
    return tool.lookup().isPresent() || tool.idempotent();
  }

  private ToolResult send(
      PreparedCall call,
      ExternalToolDeclaration tool,
      ExternalRequest request,
      String actionId,
      long version,
      boolean afterDoubt) {
    var begun = steps.begin(call, version);
    if (begun.isEmpty()) {
      return takenOver(call);
    }
    var exchange = exchange(request);
    if (exchange instanceof ExternalExchange.InDoubt doubt) {
      LOG.warning(
          () ->
              "External call "
                  + LogText.quoted(tool.name())
                  + " of agent "
                  + LogText.quoted(call.agentId())
                  + " (ledger "
                  + call.ledgerKey().orElseThrow()
                  + ") got no answer: "
                  + doubt.reason());
      if (afterDoubt || !reconcilable(tool)) {
        return steps.inDoubt(call, actionId, doubt.reason());
      }
      return reconcile(call, tool, request, actionId, begun.getAsLong(), Optional.empty());
    }
    return settle(call, tool, actionId, exchange);
  }

  private ToolResult reconcile(
      PreparedCall call,
      ExternalToolDeclaration tool,
      ExternalRequest request,
      String actionId,
      long version,
      Optional<String> correlationId) {
    if (tool.lookup().isEmpty()) {
      return tool.idempotent()
          ? send(call, tool, request, actionId, version, true)
          : steps.inDoubt(call, actionId, "no answer and no way to ask");
    }
    var claimed = steps.claim(call, version);
    if (claimed.isEmpty()) {
      return takenOver(call);
    }
    var lookup = tool.lookup().get();
    ExternalRequest ask;
    try {
      var extra = new HashMap<String, String>();
      extra.put(Templates.IDEMPOTENCY_KEY, request.idempotencyKey());
      correlationId.ifPresent(id -> extra.put(Templates.CORRELATION_ID, id));
      ask =
          new ExternalRequest(
              tool.name(),
              lookup.method(),
              URI.create(Templates.url(lookup.url(), call.arguments(), extra)),
              request.headers(),
              Optional.empty(),
              request.idempotencyKey(),
              request.timeout(),
              true);
    } catch (Templates.MissingValue | Templates.UnsafeValue e) {
      return steps.inDoubt(
          call, actionId, "no answer, and the lookup cannot be made: " + e.getMessage());
    }
    var found = exchange(ask);
    if (found instanceof ExternalExchange.Answered answered) {
      if (answered.isSuccess()) {
        var mapped = tool.response().map(answered::header, answered.body());
        return steps.succeed(
            call, actionId, mapped.result(), mapped.correlationId().or(() -> correlationId));
      }
      if (answered.status() == 404) {
        // It did not take effect: send it again, under the same key.
        return send(call, tool, request, actionId, claimed.getAsLong(), true);
      }
      return steps.inDoubt(
          call, actionId, "no answer, and the lookup answered HTTP " + answered.status());
    }
    return steps.inDoubt(call, actionId, "no answer, and the lookup got none either");
  }

  /** Records an answer, or a request that was not sent. */
  private ToolResult settle(
      PreparedCall call, ExternalToolDeclaration tool, String actionId, ExternalExchange exchange) {
    if (exchange instanceof ExternalExchange.Answered answered) {
      var mapped = tool.response().map(answered::header, answered.body());
      if (answered.isSuccess()) {
        return steps.succeed(call, actionId, mapped.result(), mapped.correlationId());
      }
      if (AuthEscalation.isAuthFailure(answered.status()) && auth.escalates(call)) {
        var asked = auth.ask(call, answered.status());
        return steps.fail(
            call, actionId, asked.getCode(), asked.getMessage(), mapped.correlationId());
      }
      var message =
          answered.isProviderFailure()
              ? tool.name()
                  + " failed at the provider (HTTP "
                  + answered.status()
                  + "); it may be retried under the same idempotency key"
              : tool.name()
                  + " was refused by the provider (HTTP "
                  + answered.status()
                  + "); sending it again will not help";
      return steps.fail(
          call, actionId, ToolErrorCode.EXTERNAL_ERROR, message, mapped.correlationId());
    }
    var notSent = (ExternalExchange.NotSent) exchange;
    return steps.fail(
        call,
        actionId,
        ToolErrorCode.EXTERNAL_UNAVAILABLE,
        tool.name() + " was not sent: " + notSent.reason() + "; it may be retried",
        Optional.empty());
  }

  private ToolResult read(PreparedCall call, ExternalToolDeclaration tool) {
    var decided = auth.before(call);
    if (decided.isPresent()) {
      return steps.recordRead(
          call, Optional.empty(), decided.get().getCode(), decided.get().getMessage());
    }
    var key = idempotencyKey(call, tool);
    var exchange = exchange(request(call, tool, key));
    if (exchange instanceof ExternalExchange.Answered answered && answered.isSuccess()) {
      var mapped = tool.response().map(answered::header, answered.body());
      return steps.recordRead(call, Optional.of(mapped.result()), null, null);
    }
    if (exchange instanceof ExternalExchange.Answered answered
        && AuthEscalation.isAuthFailure(answered.status())
        && auth.escalates(call)) {
      var asked = auth.ask(call, answered.status());
      return steps.recordRead(call, Optional.empty(), asked.getCode(), asked.getMessage());
    }
    if (exchange instanceof ExternalExchange.Answered answered) {
      return steps.recordRead(
          call,
          Optional.empty(),
          ToolErrorCode.EXTERNAL_ERROR,
          tool.name() + " answered HTTP " + answered.status());
    }
    if (exchange instanceof ExternalExchange.NotSent notSent) {
      return steps.recordRead(
          call,
          Optional.empty(),
          ToolErrorCode.EXTERNAL_UNAVAILABLE,
          tool.name() + " was not sent: " + notSent.reason());
    }
    return steps.recordRead(
        call,
        Optional.empty(),
        ToolErrorCode.EXTERNAL_UNAVAILABLE,
        tool.name() + " got no answer: " + ((ExternalExchange.InDoubt) exchange).reason());
  }

  /** The request to send, secrets resolved; a missing secret sends nothing. */
  private ExternalRequest request(PreparedCall call, ExternalToolDeclaration tool, String key) {
    var extra = Map.of(Templates.IDEMPOTENCY_KEY, key);
    try {
      var body =
          tool.body()
              .map(
                  template ->
                      template.equals(ExternalToolDeclaration.ARGUMENTS_BODY)
                          ? call.arguments()
                          : Templates.body(template, call.arguments(), extra))
              .map(JsonValue::toString);
      return new ExternalRequest(
          tool.name(),
          tool.method(),
          URI.create(Templates.url(tool.url(), call.arguments(), extra)),
          Templates.headers(tool.headers(), tools::secret),
          body,
          key,
          Duration.ofMillis(tool.timeoutMillis()),
          tool.idempotent());
    } catch (Templates.UnsafeValue e) {
      throw new ToolFailure(
          ToolErrorCode.INVALID_ARGUMENTS, tool.name() + " was not sent: " + e.getMessage());
    } catch (Templates.MissingValue | IllegalArgumentException e) {
      throw new ToolFailure(
          ToolErrorCode.EXTERNAL_UNAVAILABLE, tool.name() + " was not sent: " + e.getMessage());
    }
  }

  /** One send through Fault Tolerance; a retry budget used up or a timeout is an outcome too. */
  private ExternalExchange exchange(ExternalRequest request) {
    var source = tools.sourceFor(request.uri());
    if (source.isPresent()) {
      return tools.breakers().guarded(request.tool(), () -> source.get().send(request));
    }
    try {
      return http.send(request);
    } catch (ExternalHttp.Resend exhausted) {
      return exhausted.exchange();
    } catch (FaultToleranceException e) {
      return new ExternalExchange.InDoubt(
          "no answer in time (" + e.getClass().getSimpleName() + ")");
    }
  }

  private ToolResult takenOver(PreparedCall call) {
    return callSteps.recordRefusal(
        call,
        ToolErrorCode.CONFLICT,
        "operation "
            + call.operationId().orElseThrow()
            + " of "
            + call.toolName()
            + " is being handled by another execution; ask again later");
  }
}
