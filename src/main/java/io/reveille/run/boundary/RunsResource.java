package io.reveille.run.boundary;

import io.reveille.api.PageQuery;
import io.reveille.memory.boundary.AgentMemoryResource.MessageResponse;
import io.reveille.memory.control.MemoryService;
import io.reveille.run.control.RunFilter;
import io.reveille.run.control.RunQueries;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import io.reveille.tool.boundary.ToolCallResponse;
import io.reveille.wake.boundary.WakesResource.WakeResponse;
import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Runs across agents over HTTP: the run log filtered and paged, and one run with what it did. */
@Path("runs")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Wakes")
public class RunsResource {

  @Context UriInfo uriInfo;
  @Inject RunQueries runs;
  @Inject MemoryService memory;

  /** A run, its tool calls (oldest first) and the messages it wrote (oldest first, with text). */
  public record RunDetailResponse(
      WakeResponse run, List<ToolCallResponse> toolCalls, List<MessageResponse> messages) {}

  @Allowed(Role.VIEWER)
  @GET
  @Operation(
      summary =
          "A page of the runs of every agent, newest first; filters agentId, status, reason, and"
              + " from (inclusive) / to (exclusive) on the creation time, ISO-8601 instants")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = WakeResponse.class)))
  public Response list(
      @QueryParam("agentId") @Size(max = 64) String agentId,
      @QueryParam("status") @Size(max = 32) String status,
      @QueryParam("reason") @Size(max = 32) String reason,
      @QueryParam("from") @Size(max = 64) String from,
      @QueryParam("to") @Size(max = 64) String to,
      @BeanParam PageQuery page) {
    var filter = RunFilter.parse(agentId, status, reason, from, to);
    return PageQuery.ok(runs.runs(filter, page.window()), WakeResponse::of, uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{runKey}")
  @Operation(
      summary =
          "One run with its tool calls (the ledger rows) and the messages it wrote, each oldest"
              + " first and at most "
              + RunQueries.DETAIL_LIMIT)
  public RunDetailResponse get(
      @PathParam("runKey") @Size(max = WakeRunLogEntry.RUN_KEY_LENGTH) String runKey) {
    var detail = runs.run(runKey);
    return new RunDetailResponse(
        WakeResponse.of(detail.run()),
        detail.toolCalls().stream().map(ToolCallResponse::of).toList(),
        detail.messages().stream()
            .map(m -> MessageResponse.of(m, memory.content(m).orElse(null)))
            .toList());
  }
}
