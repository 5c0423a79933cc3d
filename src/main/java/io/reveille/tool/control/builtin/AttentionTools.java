package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.TASK_WRITE;
import static io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE;

import io.reveille.journal.control.AttentionRequestService;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.entity.AttentionRequest;
import io.reveille.journal.entity.AttentionStatus;
import io.reveille.journal.entity.EnergyFit;
import io.reveille.notification.control.SemanticKey;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Asking a person for time: {@code request_attention} asks the day planner of the task's category
 * to reserve time for a task the agent may write (how long, how much it matters, the energy it
 * wants, the window it must fall in); {@code resolve_attention_request} marks such a request
 * satisfied, partly satisfied, deferred to a later review, or withdrawn. The day planner places the
 * most pressing pending request of each open task first, for its minutes (see the day planner
 * engine). Both preview.
 */
@ApplicationScoped
public class AttentionTools implements ToolSet {

  @Inject AttentionRequestService requests;
  @Inject JournalService journal;
  @Inject Clock clock;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.writing("request_attention")
            .requires(TASK_WRITE)
            .scope(TARGET_IN_SCOPE)
            .previewable()
            .handledBy(this::request),
        ToolDefinition.writing("resolve_attention_request")
            .requires(TASK_WRITE)
            .scope(TARGET_IN_SCOPE)
            .previewable()
            .handledBy(this::resolve));
  }

  ToolOutcome request(ToolInvocation call) {
    var arguments = call.arguments();
    var taskId = arguments.taskId();
    var task =
        journal
            .findTask(taskId)
            .orElseThrow(() -> new ToolFailure(ToolErrorCode.NOT_FOUND, "no task " + taskId));
    call.scope().requireTask(task.getCategoryId(), taskId, "task", taskId);
    var now = clock.instant();
    var latestEnd = arguments.optionalInstant("latestEnd");
    if (latestEnd.filter(end -> !end.isAfter(now)).isPresent()) {
      throw ToolFailure.invalid("latestEnd", "is not in the future");
    }
    AttentionRequest.Ask ask;
    try {
      ask =
          new AttentionRequest.Ask(
              arguments.optionalString("title").orElse(task.getTitle()),
              arguments.integer("requestedMinutes"),
              arguments.integer("impact"),
              arguments.integer("urgency"),
              WireEnum.parse(
                  EnergyFit.class, arguments.optionalString("energyFit").orElse("neutral")),
              arguments.optionalInstant("earliestStart"),
              latestEnd,
              arguments.optionalInstant("deadline"),
              arguments.optionalInstant("nextReviewAt"),
              arguments.string("rationale"));
    } catch (InvalidInputException e) {
      throw ToolFailure.invalid(e.getField(), e.getMessage());
    }
    if (call.previewOnly()) {
      return ToolOutcome.read(
          ask(JsonDocuments.provider().createObjectBuilder(), ask)
              .add("taskId", taskId)
              .add("categoryId", task.getCategoryId())
              .add("status", AttentionStatus.OPEN.wire())
              .build());
    }
    var request = requests.request(taskId, Optional.of(call.agentId()), ask, call.origin());
    return ToolOutcome.of(json(request))
        .changed(SemanticKey.TASK, taskId)
        .token("task.attention:" + AttentionStatus.OPEN.wire())
        .build();
  }

  ToolOutcome resolve(ToolInvocation call) {
    var arguments = call.arguments();
    var requestId = arguments.string("requestId");
    var request =
        requests
            .find(requestId)
            .orElseThrow(
                () ->
                    new ToolFailure(ToolErrorCode.NOT_FOUND, "no attention request " + requestId));
    call.scope()
        .requireTask(request.getCategoryId(), request.getTaskId(), "attention request", requestId);
    var status = WireEnum.parse(AttentionStatus.class, arguments.string("status"));
    var reviewAt = arguments.optionalInstant("nextReviewAt");
    var reason = arguments.string("reason");
    if (call.previewOnly()) {
      // The request's own rules, asked without a change: a refusal is the one apply would give.
      var kept = request.requireResolvable(status, reason, reviewAt, clock.instant());
      var preview =
          JsonDocuments.provider()
              .createObjectBuilder(json(request))
              .add("status", status.wire())
              .add("reason", kept);
      reviewAt.ifPresent(at -> preview.add("nextReviewAt", at.toString()));
      return ToolOutcome.read(preview.build());
    }
    var resolved =
        requests.resolve(requestId, status, reason, reviewAt, OptionalLong.empty(), call.origin());
    return ToolOutcome.of(json(resolved))
        .changed(SemanticKey.TASK, resolved.getTaskId())
        .token("task.attention:" + status.wire())
        .build();
  }

  /** A request as the tools and the API show it. */
  public static JsonObject json(AttentionRequest request) {
    var json =
        ask(JsonDocuments.provider().createObjectBuilder(), request)
            .add("requestId", request.getId())
            .add("taskId", request.getTaskId())
            .add("categoryId", request.getCategoryId())
            .add("status", request.getStatus().wire())
            .add("createdAt", request.getCreatedAt().toString());
    request.getResolutionReason().ifPresent(reason -> json.add("reason", reason));
    request.getRequestedBy().ifPresent(agent -> json.add("requestedBy", agent));
    return json.build();
  }

  private static JsonObjectBuilder ask(JsonObjectBuilder json, AttentionRequest.Ask ask) {
    json.add("title", ask.title().strip())
        .add("requestedMinutes", ask.requestedMinutes())
        .add("impact", ask.impact())
        .add("urgency", ask.urgency())
        .add("energyFit", ask.energyFit().wire())
        .add("rationale", ask.rationale().strip());
    ask.earliestStart().ifPresent(at -> json.add("earliestStart", at.toString()));
    ask.latestEnd().ifPresent(at -> json.add("latestEnd", at.toString()));
    ask.deadline().ifPresent(at -> json.add("deadline", at.toString()));
    ask.nextReviewAt().ifPresent(at -> json.add("nextReviewAt", at.toString()));
    return json;
  }

  private static JsonObjectBuilder ask(JsonObjectBuilder json, AttentionRequest request) {
    return ask(
        json,
        new AttentionRequest.Ask(
            request.getTitle(),
            request.getRequestedMinutes(),
            request.getImpact(),
            request.getUrgency(),
            request.getEnergyFit(),
            request.getEarliestStart(),
            request.getLatestEnd(),
            request.getDeadline(),
            request.getNextReviewAt(),
            request.getRationale()));
  }
}
