package io.reveille.alertness.boundary;

import io.reveille.alertness.control.NotificationOutbox;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The outbox of Reveille's own notification batches, for operators: how many batches written by
 * committed changes still wait to be taken in, and since when the oldest. A backlog that stays, or
 * an oldest batch older than the outbox sweep's period ({@code
 * reveille.notifications.outbox-sweep-seconds}), says that taking them in fails (the log says why).
 */
@Path("notification-outbox")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Notifications")
public class NotificationOutboxResource {

  @Inject NotificationOutbox outbox;

  /** The backlog; {@code oldestCreatedAt} is null when nothing waits. */
  public record OutboxBacklog(long pending, Instant oldestCreatedAt) {}

  @Allowed(Role.VIEWER)
  @GET
  @Operation(
      summary = "How many of Reveille's own batches wait in the outbox, and the oldest's age")
  public OutboxBacklog backlog() {
    var backlog = outbox.backlog();
    return new OutboxBacklog(backlog.pending(), backlog.oldestCreatedAt().orElse(null));
  }
}
