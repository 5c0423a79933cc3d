package io.reveille.tool.boundary;

import io.reveille.api.ETags;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.boundary.Authorization;
import io.reveille.security.control.Role;
import io.reveille.tool.control.approval.ProposalDecisions;
import io.reveille.tool.control.approval.ToolProposals;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * A person's decision on a proposal (a tool call an agent's run made that needs approval): read it,
 * approve it (apply exactly its preview) or reject it. Translates and delegates to {@link
 * ProposalDecisions}; a decided proposal, or one refused because what it would change has changed,
 * is a 409 problem naming why.
 */
@Path("proposals")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Tools")
public class ProposalsResource {

  /** The optional body of a rejection: why, for the agent's log and the record. */
  public record RejectRequest(
      @Size(
              max = ProposalDecisions.MAX_REASON_LENGTH,
              message = "must be at most " + ProposalDecisions.MAX_REASON_LENGTH + " characters")
          String reason) {}

  @Inject ToolProposals proposals;
  @Inject ProposalDecisions decisions;
  @Context SecurityContext security;

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}")
  @Operation(summary = "One proposal: the held call, its preview and the decision")
  public Response get(@PathParam("id") @Size(max = 200) String id) {
    var proposal = proposals.get(id);
    return Response.ok(ProposalResponse.of(proposal)).tag(ETags.of(proposal.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/approve")
  @Operation(
      summary =
          "Approve a pending proposal: apply exactly its preview, once (an external call: send it,"
              + " once); 409 when it is decided already or what it would change has changed since"
              + " (it is then refused). A mutating external tool's proposal needs admin")
  @APIResponse(responseCode = "200", description = "Approved and applied")
  @APIResponse(
      responseCode = "403",
      description = "The proposal's tool needs a role the caller lacks (admin for external tools)")
  public Response approve(@PathParam("id") @Size(max = 200) String id) {
    var refusal =
        Authorization.refusal(
            security, decisions.approverOf(id), "approving a proposal of this tool");
    if (refusal.isPresent()) {
      return refusal.get();
    }
    var proposal = decisions.approve(id, who());
    return Response.ok(ProposalResponse.of(proposal)).tag(ETags.of(proposal.getVersion())).build();
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/reject")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Reject a pending proposal, optionally saying why; nothing changes. 409 when it is"
              + " decided already")
  @APIResponse(responseCode = "200", description = "Rejected")
  public Response reject(@PathParam("id") @Size(max = 200) String id, @Valid RejectRequest body) {
    var reason =
        Optional.ofNullable(body).map(RejectRequest::reason).filter(text -> !text.isBlank());
    var proposal = decisions.reject(id, who(), reason);
    return Response.ok(ProposalResponse.of(proposal)).tag(ETags.of(proposal.getVersion())).build();
  }

  private String who() {
    return Authorization.name(security);
  }
}
