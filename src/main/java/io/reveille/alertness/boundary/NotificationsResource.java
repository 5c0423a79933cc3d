package io.reveille.alertness.boundary;

import io.reveille.alertness.control.InvalidBatchException;
import io.reveille.alertness.control.NotificationBatchParser;
import io.reveille.alertness.control.NotificationIntake;
import io.reveille.alertness.control.NotificationRecords;
import io.reveille.api.Problem;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Caller;
import io.reveille.security.control.Role;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Queue;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
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
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Notification batches over HTTP, for producers without a JMS client.
 *
 * <p>A posted batch is validated here, so the producer learns at once what is wrong with it, then
 * put on {@code reveille.notifications} unchanged: from there it takes exactly the path of a batch
 * sent over JMS. A batch claiming Reveille's authorship is refused unless the caller is trusted for
 * it ({@code reveille.notifications.origin-principals}); a trusted caller's goes to Reveille's own
 * queue, {@code reveille.own-notifications}, where its claims stand.
 */
@Path("notifications")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Notifications")
public class NotificationsResource {

  @Inject NotificationBatchParser parser;
  @Inject NotificationIntake intake;
  @Inject NotificationRecords records;
  @Context SecurityContext security;

  @Inject
  @ConfigProperty(name = "reveille.notifications.origin-principals")
  Optional<String> originPrincipals;

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Resource(lookup = "jms/reveille/notifications")
  Queue notifications;

  @Resource(lookup = "jms/reveille/ownNotifications")
  Queue ownNotifications;

  /** A W3C trace context header, version 00 or a later one of the same shape. */
  private static final java.util.regex.Pattern TRACEPARENT =
      java.util.regex.Pattern.compile("[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");

  /** The longest {@code tracestate} passed on (the W3C limit for what a system must propagate). */
  private static final int MAX_TRACESTATE = 512;

  @Allowed(Role.PRODUCER)
  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Accept one NotificationBatch and queue it (202)")
  public Response post(
      String body,
      @HeaderParam("traceparent") String traceparent,
      @HeaderParam("tracestate") String tracestate) {
    NotificationBatch batch;
    try {
      batch = parser.parse(body);
    } catch (InvalidBatchException e) {
      throw new InvalidInputException(fieldOf(e.getMessage()), e.getMessage());
    }
    var claims = batch.originClaims();
    var principal =
        security.getUserPrincipal() == null ? "" : security.getUserPrincipal().getName();
    if (!claims.isEmpty() && !Caller.listed(originPrincipals.orElse("")).contains(principal)) {
      return Problem.of(
              403,
              "Forbidden",
              String.join(", ", claims)
                  + " may be set only by Reveille itself or a principal listed in"
                  + " reveille.notifications.origin-principals; leave "
                  + (claims.size() == 1 ? "it" : "them")
                  + " out")
          .toResponse();
    }
    var batchId = batch.batchId();
    try (var context = connectionFactory.createContext()) {
      var producer = context.createProducer();
      // The caller's trace travels with the batch, as a JMS producer's would (W3C trace context);
      // a malformed or oversized header is ignored, never a reason to refuse the batch.
      if (traceparent != null && TRACEPARENT.matcher(traceparent.strip()).matches()) {
        producer.setProperty("traceparent", traceparent.strip());
        if (tracestate != null && tracestate.length() <= MAX_TRACESTATE) {
          producer.setProperty("tracestate", tracestate);
        }
      }
      producer.send(claims.isEmpty() ? notifications : ownNotifications, body);
    }
    JsonObject accepted =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("batchId", batchId)
            .add("status", "queued")
            .build();
    return Response.accepted(accepted).build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{batchId}")
  @Operation(summary = "A recorded batch; 404 until the consumer has recorded it")
  public JsonObject get(@PathParam("batchId") String batchId) {
    return intake
        .find(batchId)
        .map(records::toJson)
        .orElseThrow(() -> new NotFoundException("notification batch", batchId));
  }

  /** Parser reasons start with the offending field ("tokens[3]: ..."). */
  private static String fieldOf(String reason) {
    var colon = reason.indexOf(':');
    var field = colon > 0 ? reason.substring(0, colon) : "body";
    return field.contains(" ") ? "body" : field;
  }
}
