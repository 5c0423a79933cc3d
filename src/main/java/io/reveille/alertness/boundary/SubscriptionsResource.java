package io.reveille.alertness.boundary;

import io.reveille.alertness.control.SubscriptionService;
import io.reveille.api.ETags;
import io.reveille.api.PageQuery;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * An agent's subscriptions over HTTP: translate JSON to calls of {@link SubscriptionService} and
 * its results back, each with the subscription's version as ETag.
 *
 * <p>The class path is {@code agents}, as on the agents resource, with the rest on the methods: a
 * class at {@code agents/{id}/subscriptions} would out-match the agents resource for every
 * single-agent request and hide its methods.
 */
@Path("agents")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Subscriptions")
public class SubscriptionsResource {

  static final String IF_MATCH = "If-Match";

  @Inject SubscriptionService subscriptions;

  @Context UriInfo uriInfo;

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{id}/subscriptions")
  @Operation(
      summary =
          "Subscribe the agent to semantic keys, subtype tokens and entity ids, with an optional"
              + " predicate on the changed entities")
  public Response create(
      @PathParam("id") String agentId,
      @NotNull(message = "request body is required") @Valid SubscriptionRequest body) {
    var created = subscriptions.create(agentId, body.toCommand());
    var location = uriInfo.getAbsolutePathBuilder().path(created.getId()).build();
    return Response.created(location)
        .tag(ETags.of(created.getVersion()))
        .entity(SubscriptionResponse.of(created))
        .build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/subscriptions")
  @Operation(summary = "A page of the agent's active subscriptions, oldest first")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema =
                  @Schema(type = SchemaType.ARRAY, implementation = SubscriptionResponse.class)))
  public Response list(@PathParam("id") String agentId, @BeanParam PageQuery page) {
    return PageQuery.ok(
        page.window().of(subscriptions.list(agentId)), SubscriptionResponse::of, uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/subscriptions/{sid}")
  @Operation(summary = "One of the agent's subscriptions, also once deactivated (active false)")
  public Response get(@PathParam("id") String agentId, @PathParam("sid") String subscriptionId) {
    var subscription = subscriptions.get(agentId, subscriptionId);
    return Response.ok(SubscriptionResponse.of(subscription))
        .tag(ETags.of(subscription.getVersion()))
        .build();
  }

  @Allowed(Role.OPERATOR)
  @DELETE
  @Path("{id}/subscriptions/{sid}")
  @Operation(
      summary = "Deactivate a subscription: it no longer wakes the agent (If-Match honoured)")
  public Response delete(
      @PathParam("id") String agentId,
      @PathParam("sid") String subscriptionId,
      @HeaderParam(IF_MATCH) String ifMatch) {
    subscriptions.delete(agentId, subscriptionId, ETags.expectedVersion(ifMatch));
    return Response.noContent().build();
  }
}
