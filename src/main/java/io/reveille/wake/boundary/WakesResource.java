package io.reveille.wake.boundary;

import io.reveille.api.PageQuery;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.boundary.Authorization;
import io.reveille.security.control.Role;
import io.reveille.wake.control.DailyTokenQuota;
import io.reveille.wake.control.RunSpec;
import io.reveille.wake.control.WakeScheduler;
import io.reveille.wake.entity.RunEntrypoint;
import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * An agent's wakes over HTTP: the run log, and manual wakes. The class path is {@code agents} like
 * the other agent resources (a longer class path would hide their methods).
 */
@Path("agents")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Wakes")
public class WakesResource {

  static final String IDEMPOTENCY_KEY = "Idempotency-Key";

  @Context UriInfo uriInfo;

  @Inject WakeScheduler scheduler;
  @Context SecurityContext security;

  /** One run log entry. */
  public record WakeResponse(
      String runKey,
      String agentId,
      @Schema(
              description =
                  "The agent's display name, in the run list and a run's detail (GET /api/runs,"
                      + " GET /api/runs/{runKey}); left out elsewhere and for an agent deleted"
                      + " since")
          String agentName,
      String reason,
      @Schema(
              description =
                  "The door the run came in through: notification, timer, api, session, agent or"
                      + " system; null for runs from before it was recorded")
          String entrypoint,
      String reasonId,
      String status,
      String threadId,
      String logicalChangeKey,
      List<String> tokens,
      int tokensLeftOut,
      int attempts,
      Instant createdAt,
      Instant notBefore,
      Instant startedAt,
      Instant completedAt,
      String error,
      String errorCode,
      Instant scheduledAt,
      Instant scheduledUntil,
      Long firings,
      Usage usage,
      Budgets budgets,
      Instant cancelRequestedAt,
      String node,
      String causedBy,
      Cause cause,
      long version) {

    /**
     * The chain of agent runs behind the batch that woke the run: how many in a row ({@code hops},
     * 0 when a person, another system, a timer or a session started it) and their agents, the
     * earliest first. A skipped run whose chain was too deep or came back says so in its error.
     */
    public record Cause(int hops, List<String> chain) {}

    /** The model tokens and calls of the run (zero without a model). */
    public record Usage(long inputTokens, long outputTokens, int modelCalls) {}

    /**
     * The budgets the run is held to, fixed when it first started; null for a run that has not
     * started, or ran before budgets. {@code dailyTokens} and {@code dailyTokensZone} are the
     * agent's daily model-token quota, every run of a day together, when it has one.
     */
    public record Budgets(
        long maxWallClockSeconds,
        int maxSteps,
        int maxToolCalls,
        int maxToolRetries,
        int maxSameErrorRepeats,
        long maxModelTokens,
        boolean askHumanOnBudget,
        Long dailyTokens,
        String dailyTokensZone) {

      static Budgets of(RunSpec spec) {
        return new Budgets(
            spec.maxWallClock().toSeconds(),
            spec.maxSteps(),
            spec.maxToolCalls(),
            spec.maxToolRetries(),
            spec.maxSameErrorRepeats(),
            spec.maxModelTokens(),
            spec.askHumanOnBudget(),
            spec.daily().map(DailyTokenQuota::tokens).orElse(null),
            spec.daily().map(quota -> quota.zone().getId()).orElse(null));
      }
    }

    public static WakeResponse of(WakeRunLogEntry e) {
      return of(e, null);
    }

    /** The run with its agent's display name ({@code null} to leave it out). */
    public static WakeResponse of(WakeRunLogEntry e, String agentName) {
      return new WakeResponse(
          e.getRunKey(),
          e.getAgentId(),
          agentName,
          e.getReason().wire(),
          e.getEntrypoint().map(RunEntrypoint::wire).orElse(null),
          e.getReasonId(),
          e.getStatus().wire(),
          e.getThreadId(),
          e.getLogicalChangeKey(),
          e.getTokens(),
          e.getTokensLeftOut(),
          e.getAttempts(),
          e.getCreatedAt(),
          e.getNotBefore(),
          e.getStartedAt(),
          e.getCompletedAt(),
          e.getErrorMessage(),
          e.getErrorCode().orElse(null),
          e.getScheduledAt(),
          e.getScheduledUntil(),
          e.getFirings(),
          new Usage(e.getInputTokens(), e.getOutputTokens(), e.getModelCalls()),
          e.getRunSpec().map(RunSpec::fromJson).map(Budgets::of).orElse(null),
          e.getCancelRequestedAt(),
          node(e.getOwner()),
          e.getCausedBy().orElse(null),
          new Cause(e.getCauseHops(), e.getCauseChain()),
          e.getVersion());
    }

    /**
     * The node that ran (or runs) the run's last attempt: the node id of its owner {@code
     * <nodeId>/<bootId>}; null before it started.
     */
    static String node(String owner) {
      if (owner == null) {
        return null;
      }
      int slash = owner.lastIndexOf('/');
      return slash < 0 ? owner : owner.substring(0, slash);
    }
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/wakes")
  @Operation(summary = "A page of the agent's wake run log, newest first")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = WakeResponse.class)))
  public Response log(@PathParam("id") String agentId, @BeanParam PageQuery page) {
    return PageQuery.ok(scheduler.log(agentId, page.window()), WakeResponse::of, uriInfo);
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/wakes")
  @Operation(
      summary =
          "Wake the agent now (not throttled; rate-limited per agent, 429 with Retry-After);"
              + " Idempotency-Key makes retries safe")
  public Response wake(
      @PathParam("id") String agentId,
      @HeaderParam(IDEMPOTENCY_KEY)
          @Size(max = 128)
          @Pattern(regexp = "[\\x21-\\x7e]+", message = "must be printable ASCII without spaces")
          String idempotencyKey) {
    var entry =
        scheduler.scheduleManual(
            agentId, Optional.ofNullable(idempotencyKey), Authorization.actor(security));
    return Response.accepted(WakeResponse.of(entry)).build();
  }
}
