package io.reveille.messaging.boundary;

import static io.reveille.messaging.control.QueueDepths.NOTIFICATIONS_DLQ;
import static io.reveille.messaging.control.QueueDepths.WAKES_DLQ;

import io.reveille.api.PageQuery;
import io.reveille.messaging.DeadLetters;
import io.reveille.messaging.JmsBodies;
import io.reveille.messaging.control.DeadLetterActions;
import io.reveille.messaging.control.QueueDepths;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.persistence.Window;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
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
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * What lies on the dead-letter queues and why, for administrators: listed by browsing (the queues
 * keep what an operator expects to find there), then discarded or — a notification batch — put back
 * on the notifications queue, one message at a time.
 */
@Path("dead-letters")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Messaging")
public class DeadLettersResource {

  /** Body characters shown; a longer body is cut and marked. */
  static final int BODY_CHARS = 4_096;

  /** One dead letter. */
  public record DeadLetterResponse(
      String messageId,
      String originalMessageId,
      String originalDestination,
      String reason,
      Instant timestamp,
      String body,
      boolean bodyCut) {}

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Resource(lookup = "jms/reveille/notificationsDLQ")
  Queue notifications;

  @Resource(lookup = "jms/reveille/wakesDLQ")
  Queue wakes;

  @Context UriInfo uriInfo;
  @Inject DeadLetterActions actions;
  @Inject QueueDepths depths;

  @Allowed(Role.ADMIN)
  @GET
  @Path("{queue}")
  @Operation(
      summary =
          "A page of a dead-letter queue (notifications or wakes), oldest first, each with the"
              + " reason it was dead-lettered")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema = @Schema(type = SchemaType.ARRAY, implementation = DeadLetterResponse.class)))
  public Response list(
      @PathParam("queue") @Size(max = 64) String queue, @BeanParam PageQuery page) {
    var window = page.window();
    var items = new ArrayList<DeadLetterResponse>();
    try (var context = connectionFactory.createContext();
        var browser = context.createBrowser(queue(queue))) {
      var messages = browser.getEnumeration();
      var skipped = 0;
      while (messages.hasMoreElements() && items.size() <= window.limit()) {
        var message = (Message) messages.nextElement();
        if (skipped < window.offset()) {
          skipped++;
          continue;
        }
        items.add(of(message));
      }
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot browse the dead letters: " + e.getMessage(), e);
    }
    var more = items.size() > window.limit();
    var shown = more ? items.subList(0, window.limit()) : items;
    return PageQuery.ok(new Window.Page<>(shown, window, more), letter -> letter, uriInfo);
  }

  /** A dead-letter queue and how many messages it holds. */
  public record DeadLetterQueueResponse(String queue, String destination, long messageCount) {}

  @Allowed(Role.ADMIN)
  @GET
  @Operation(
      summary = "The dead-letter queues (notifications, wakes) and how many messages each holds")
  public List<DeadLetterQueueResponse> queues() {
    var counts = depths.depths(List.of(NOTIFICATIONS_DLQ, WAKES_DLQ));
    return List.of(
        new DeadLetterQueueResponse(
            "notifications", NOTIFICATIONS_DLQ, counts.get(0).messageCount()),
        new DeadLetterQueueResponse("wakes", WAKES_DLQ, counts.get(1).messageCount()));
  }

  @Allowed(Role.ADMIN)
  @DELETE
  @Path("{queue}/{messageId}")
  @Operation(summary = "Discard a dead letter (404 when the queue does not hold it)")
  @APIResponse(responseCode = "204", description = "Discarded")
  public Response discard(
      @PathParam("queue") @Size(max = 64) String queue,
      @PathParam("messageId") @Size(max = 200) String messageId) {
    if (!actions.discard(queue(queue), messageId)) {
      throw new NotFoundException("dead letter on " + queue, messageId);
    }
    return Response.noContent().build();
  }

  @Allowed(Role.ADMIN)
  @POST
  @Path("{queue}/{messageId}/replay")
  @Operation(
      summary =
          "Put a dead-lettered notification batch back on the notifications queue (taken as an"
              + " outside producer's batch); wake jobs are not replayed: wake the agent instead")
  @APIResponse(responseCode = "202", description = "Back on the notifications queue")
  public Response replay(
      @PathParam("queue") @Size(max = 64) String queue,
      @PathParam("messageId") @Size(max = 200) String messageId) {
    var deadLetters = queue(queue);
    if (deadLetters != notifications) {
      throw new InvalidInputException(
          "queue",
          "only notification batches are replayed; a dead-lettered wake job's run is failed"
              + " already: wake the agent again (POST /api/agents/{id}/wakes)");
    }
    if (!actions.replayNotification(deadLetters, messageId)) {
      throw new NotFoundException("dead letter on " + queue, messageId);
    }
    return Response.accepted(
            JsonDocuments.provider().createObjectBuilder().add("replayed", messageId).build())
        .build();
  }

  private Queue queue(String name) {
    return switch (name) {
      case "notifications" -> notifications;
      case "wakes" -> wakes;
      default -> throw new NotFoundException("dead-letter queue (notifications, wakes)", name);
    };
  }

  private static DeadLetterResponse of(Message message) throws JMSException {
    var body = JmsBodies.text(message).orElse(null);
    var cut = body != null && body.length() > BODY_CHARS;
    var destination = message.getStringProperty(DeadLetters.ORIGINAL_DESTINATION_PROPERTY);
    return new DeadLetterResponse(
        message.getJMSMessageID(),
        message.getStringProperty(DeadLetters.ORIGINAL_ID_PROPERTY),
        destination != null ? destination : message.getStringProperty("_AMQ_ORIG_ADDRESS"),
        DeadLetters.reasonOf(message),
        message.getJMSTimestamp() == 0 ? null : Instant.ofEpochMilli(message.getJMSTimestamp()),
        cut ? body.substring(0, BODY_CHARS) : body,
        cut);
  }
}
