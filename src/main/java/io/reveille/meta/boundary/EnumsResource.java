package io.reveille.meta.boundary;

import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentLinkType;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentRunStatus;
import io.reveille.alertness.entity.TokenClass;
import io.reveille.journal.control.DayPlanService;
import io.reveille.journal.control.LabelService;
import io.reveille.journal.entity.AttentionStatus;
import io.reveille.journal.entity.EnergyFit;
import io.reveille.journal.entity.ProjectStatus;
import io.reveille.journal.entity.RatingTarget;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskRelation;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.journal.entity.TimeEntry;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.CompactionJobStatus;
import io.reveille.memory.entity.ObservationPriority;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.schedule.entity.ScheduleKind;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Caller;
import io.reveille.security.control.Role;
import io.reveille.security.entity.AuditEvent;
import io.reveille.session.entity.SessionStatus;
import io.reveille.tool.entity.Capability;
import io.reveille.tool.entity.ProposalStatus;
import io.reveille.tool.entity.QuestionStatus;
import io.reveille.tool.entity.RiskLevel;
import io.reveille.tool.entity.ScopeRule;
import io.reveille.tool.entity.ToolCallStatus;
import io.reveille.tool.entity.ToolSideEffect;
import io.reveille.wake.entity.StepStatus;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeStatus;
import io.reveille.workingstate.control.Expectation;
import jakarta.enterprise.context.RequestScoped;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /api/meta/enums}: every enum a client sees, by the name clients know it by, with its
 * wire values in declaration order. The lists change only with a release, so they may be cached.
 */
@Path("meta")
@RequestScoped
@Tag(name = "Meta")
public class EnumsResource {

  /** How long a client may keep the lists. */
  static final int MAX_AGE_SECONDS = 3600;

  /** Every wire enum a client sees, by its name in the response. */
  static final Map<String, List<String>> ENUMS = catalogue();

  private static Map<String, List<String>> catalogue() {
    var enums = new LinkedHashMap<String, List<String>>();
    enums.put("agentKind", WireEnum.values(AgentKind.class));
    enums.put("agentLifecycle", WireEnum.values(AgentLifecycle.class));
    enums.put("agentMode", WireEnum.values(AgentMode.class));
    enums.put("agentRunStatus", WireEnum.values(AgentRunStatus.class));
    enums.put("agentLinkType", WireEnum.values(AgentLinkType.class));
    enums.put("agentMessageKind", WireEnum.values(AgentMessageKind.class));
    enums.put("observationPriority", WireEnum.values(ObservationPriority.class));
    enums.put("compactionJobStatus", WireEnum.values(CompactionJobStatus.class));
    enums.put("sessionStatus", WireEnum.values(SessionStatus.class));
    enums.put("wakeReason", WireEnum.values(WakeReason.class));
    enums.put("runEntrypoint", WireEnum.values(io.reveille.wake.entity.RunEntrypoint.class));
    enums.put("wakeStatus", WireEnum.values(WakeStatus.class));
    enums.put("stepStatus", WireEnum.values(StepStatus.class));
    enums.put("scheduleKind", WireEnum.values(ScheduleKind.class));
    enums.put("tokenClass", WireEnum.values(TokenClass.class));
    enums.put("notificationOrigin", WireEnum.values(NotificationBatch.Origin.class));
    enums.put("toolSideEffect", WireEnum.values(ToolSideEffect.class));
    enums.put("toolCallStatus", WireEnum.values(ToolCallStatus.class));
    enums.put("proposalStatus", WireEnum.values(ProposalStatus.class));
    enums.put("questionStatus", WireEnum.values(QuestionStatus.class));
    enums.put("riskLevel", WireEnum.values(RiskLevel.class));
    enums.put("capability", WireEnum.values(Capability.class));
    enums.put("scopeRule", WireEnum.values(ScopeRule.class));
    enums.put("taskStatus", WireEnum.values(TaskStatus.class));
    enums.put("taskPriority", WireEnum.values(TaskPriority.class));
    enums.put("projectStatus", WireEnum.values(ProjectStatus.class));
    enums.put("attentionStatus", WireEnum.values(AttentionStatus.class));
    enums.put("energyFit", WireEnum.values(EnergyFit.class));
    // The stored names; each but relatesTo has an inverse read from the other task (isBlockedBy).
    enums.put("taskRelation", WireEnum.values(TaskRelation.class));
    enums.put("ratingTarget", WireEnum.values(RatingTarget.class));
    enums.put("pinMode", WireEnum.values(DayPlanService.PinMode.class));
    enums.put("labelAssignment", WireEnum.values(LabelService.LabelAssignment.class));
    enums.put("annotateMode", WireEnum.values(TimeEntry.AnnotateMode.class));
    enums.put("expectationStatus", WireEnum.values(Expectation.Status.class));
    enums.put("role", WireEnum.values(Role.class));
    enums.put("auditOutcome", WireEnum.values(AuditEvent.Outcome.class));
    enums.put("authMechanism", WireEnum.values(Caller.Mechanism.class));
    return Collections.unmodifiableMap(enums);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("enums")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "Every enum a client sees, with its wire values",
      description =
          "An object naming each enum (taskStatus, wakeReason, agentLifecycle, ...) with the list"
              + " of its wire values, lowerCamelCase, in declaration order.")
  public Response enums() {
    var body = JsonDocuments.provider().createObjectBuilder();
    ENUMS.forEach(
        (name, values) -> body.add(name, JsonDocuments.provider().createArrayBuilder(values)));
    var cache = new CacheControl();
    cache.setMaxAge(MAX_AGE_SECONDS);
    cache.setPrivate(true);
    return Response.ok((JsonObject) body.build()).cacheControl(cache).build();
  }
}
