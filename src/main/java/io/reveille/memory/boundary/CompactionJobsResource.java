package io.reveille.memory.boundary;

import io.reveille.agent.control.AgentService;
import io.reveille.api.PageQuery;
import io.reveille.memory.control.Compactions;
import io.reveille.memory.entity.AgentCompactionJob;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * An agent's compaction jobs over HTTP: what was folded into summaries, what is pending, what
 * failed and why, and an administrator's retry of a job that failed for good. The summaries
 * themselves are messages ({@code GET /api/agents/{id}/messages?kind=summary&content=true}).
 */
@Path("agents")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Agent memory")
public class CompactionJobsResource {

  @Inject AgentService agents;
  @Inject Compactions compactions;
  @Context UriInfo uriInfo;

  /** One compaction job. */
  public record CompactionJobResponse(
      String id,
      String agentId,
      String threadId,
      String startMessageId,
      String endMessageId,
      String status,
      int attempts,
      Instant nextAttemptAt,
      String lastError,
      Instant createdAt,
      Instant updatedAt) {

    static CompactionJobResponse of(AgentCompactionJob job) {
      return new CompactionJobResponse(
          job.getId(),
          job.getAgentId(),
          job.getThreadId(),
          job.getStartMessageId(),
          job.getEndMessageId(),
          job.getStatus().wire(),
          job.getAttempts(),
          job.getNextAttemptAt(),
          job.getLastError(),
          job.getCreatedAt(),
          job.getUpdatedAt());
    }
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/compaction-jobs")
  @Operation(summary = "A page of the agent's compaction jobs, newest first")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema =
                  @Schema(type = SchemaType.ARRAY, implementation = CompactionJobResponse.class)))
  public Response list(@PathParam("id") String agentId, @BeanParam PageQuery page) {
    agents.get(agentId);
    return PageQuery.ok(
        compactions.jobs(agentId, page.window()), CompactionJobResponse::of, uriInfo);
  }

  @Allowed(Role.ADMIN)
  @POST
  @Path("{id}/compaction-jobs/{jobId}/retry")
  @Operation(
      summary = "Retry a compaction job that failed for good (failed → pending); 409 otherwise")
  public CompactionJobResponse retry(
      @PathParam("id") String agentId, @PathParam("jobId") @Size(max = 64) String jobId) {
    return CompactionJobResponse.of(compactions.retry(agentId, jobId));
  }
}
