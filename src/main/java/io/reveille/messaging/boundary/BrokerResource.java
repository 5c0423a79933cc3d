package io.reveille.messaging.boundary;

import io.reveille.messaging.control.QueueDepths;
import io.reveille.messaging.control.QueueDepths.QueueDepth;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The broker as operators watch it: how many messages wait on each of Reveille's queues. */
@Path("broker")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Messaging")
public class BrokerResource {

  @Inject QueueDepths depths;

  @Allowed(Role.VIEWER)
  @GET
  @Path("queues")
  @Operation(
      summary =
          "The depth of reveille.notifications, reveille.own-notifications, reveille.wakes and"
              + " their dead-letter queues, as the broker counts them (503 when it does not"
              + " answer)")
  public List<QueueDepth> queues() {
    return depths.depths();
  }
}
