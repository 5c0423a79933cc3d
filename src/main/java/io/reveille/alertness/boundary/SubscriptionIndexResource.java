package io.reveille.alertness.boundary;

import io.reveille.alertness.control.SubscriptionCatalog;
import io.reveille.platform.NodeIdentity;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The subscription index of the node that answers, for operators comparing the nodes of a cluster:
 * at one generation every node's fingerprint must be the same.
 */
@Path("subscriptions/index")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Subscriptions")
public class SubscriptionIndexResource {

  /** The answering node's index: its node id, generation, size and fingerprint. */
  public record IndexResponse(
      String node, long generation, int subscriptions, String fingerprint) {}

  @Inject SubscriptionCatalog catalog;
  @Inject NodeIdentity node;

  @Allowed(Role.VIEWER)
  @GET
  @Operation(
      summary =
          "This node's subscription index, brought up to the committed generation: its"
              + " generation, how many subscriptions it holds and their fingerprint (a digest of"
              + " every subscription's agent, tokens and predicate)")
  public IndexResponse index() {
    var snapshot = catalog.snapshot();
    return new IndexResponse(
        node.nodeId(), snapshot.generation(), snapshot.subscriptions(), snapshot.fingerprint());
  }
}
