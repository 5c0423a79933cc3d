package io.reveille.tool.boundary;

import io.reveille.api.PageQuery;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import io.reveille.tool.control.approval.ToolProposals;
import io.reveille.tool.entity.ProposalStatus;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
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
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * An agent's proposals, newest first and paged. The class path is {@code agents} like the other
 * agent resources (a longer class path would hide their methods).
 */
@Path("agents")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Tools")
public class AgentProposalsResource {

  @Inject ToolProposals proposals;
  @Context UriInfo uriInfo;

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/proposals")
  @Operation(
      summary =
          "A page of the agent's proposals (tool calls awaiting or given a person's decision),"
              + " newest first; status filters (pending, approved, rejected, refused)")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema = @Schema(type = SchemaType.ARRAY, implementation = ProposalResponse.class)))
  public Response list(
      @PathParam("id") String agentId,
      @QueryParam("status") String status,
      @BeanParam PageQuery page) {
    var wanted =
        Optional.ofNullable(status)
            .filter(text -> !text.isBlank())
            .map(
                text ->
                    WireEnum.find(ProposalStatus.class, text)
                        .orElseThrow(
                            () ->
                                new InvalidInputException(
                                    "status",
                                    "must be one of " + WireEnum.names(ProposalStatus.class))));
    return PageQuery.ok(
        proposals.of(agentId, wanted, page.window()), ProposalResponse::of, uriInfo);
  }
}
