package io.reveille.run.boundary;

import io.reveille.run.control.RunQueries;
import io.reveille.run.control.RunQueries.NeedsYou;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /api/needs-you}: everything across agents that waits for a person — proposals to
 * decide, tool calls in doubt to resolve, questions to answer — newest first, with counts, so that
 * an operator sees in one place what only a person can move.
 */
@Path("needs-you")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Runs")
public class NeedsYouResource {

  @Inject RunQueries runs;

  @Allowed(Role.VIEWER)
  @GET
  @Operation(
      summary =
          "What waits for a person across agents, newest first: pending proposals (kind"
              + " proposal), tool calls in doubt (inDoubt), open questions (question), with the"
              + " count of each and of the waiting runs")
  @APIResponse(
      responseCode = "200",
      description = "The counts and the newest items",
      content = @Content(schema = @Schema(implementation = NeedsYou.class)))
  @APIResponse(responseCode = "400", description = "A limit outside 1 to 200")
  public NeedsYou needsYou(
      @QueryParam("limit") @DefaultValue("50") @Min(1) @Max(RunQueries.NEEDS_YOU_LIMIT) int limit) {
    return runs.needsYou(limit);
  }
}
