package io.reveille.security.boundary;

import io.reveille.api.PageQuery;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.security.control.AuditTrail;
import io.reveille.security.control.Role;
import io.reveille.security.entity.AuditEvent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The audit trail, for administrators: who changed what, when, and how it ended. */
@Path("audit")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Security")
public class AuditResource {

  /**
   * One recorded request, or the summary of one client's refusals in one window ({@code count}
   * above 1 or {@code refusals} present): {@code occurredAt} is then its first refusal and {@code
   * lastAt} its last, {@code refusals} the count of each status ({@code 401:9990,413:10}), and the
   * request ids those of its first refusal.
   */
  public record AuditEventResponse(
      String id,
      Instant occurredAt,
      Instant lastAt,
      String requestId,
      String clientRequestId,
      String clientAddress,
      String principal,
      String roles,
      String mechanism,
      String method,
      String path,
      String agentId,
      String targetIds,
      int status,
      String outcome,
      int count,
      String refusals) {
    static AuditEventResponse of(AuditEvent event) {
      return new AuditEventResponse(
          event.getId(),
          event.getOccurredAt(),
          event.getLastAt().orElse(null),
          event.getRequestId(),
          event.getClientRequestId().orElse(null),
          event.getClientAddress().orElse(null),
          event.getPrincipal(),
          event.getRoles(),
          event.getMechanism(),
          event.getMethod(),
          event.getPath(),
          event.getAgentId().orElse(null),
          event.getTargetIds().orElse(null),
          event.getStatus(),
          event.getOutcome(),
          event.getCount(),
          event.getRefusals().orElse(null));
    }
  }

  @Inject AuditTrail trail;
  @Context UriInfo uriInfo;

  @Allowed(Role.ADMIN)
  @GET
  @Operation(
      summary =
          "A page of the audit trail, newest first, optionally by principal, agent, client"
              + " address and time (from inclusive, until exclusive, ISO-8601 instants)")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema = @Schema(type = SchemaType.ARRAY, implementation = AuditEventResponse.class)))
  public Response list(
      @QueryParam("principal") @Size(max = AuditEvent.MAX_PRINCIPAL) String principal,
      @QueryParam("agentId") @Size(max = 64) String agentId,
      @QueryParam("clientAddress") @Size(max = AuditEvent.MAX_CLIENT_ADDRESS) String clientAddress,
      @QueryParam("from") @Size(max = 40) String from,
      @QueryParam("until") @Size(max = 40) String until,
      @BeanParam PageQuery page) {
    var query =
        new AuditTrail.Query(
            given(principal),
            given(agentId),
            given(clientAddress),
            instant("from", from),
            instant("until", until));
    return PageQuery.ok(trail.events(query, page.window()), AuditEventResponse::of, uriInfo);
  }

  private static Optional<String> given(String value) {
    return Optional.ofNullable(value).filter(v -> !v.isBlank());
  }

  private static Optional<Instant> instant(String field, String value) {
    try {
      return given(value).map(Instant::parse);
    } catch (DateTimeParseException e) {
      throw new InvalidInputException(
          field, "must be an ISO-8601 instant such as 2026-01-31T12:00:00Z");
    }
  }
}
