package io.reveille.security.boundary;

import io.reveille.platform.LogText;
import io.reveille.security.control.AuditTrail;
import io.reveille.security.control.Role;
import io.reveille.security.entity.AuditEvent;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.Provider;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Gives every API request an id ({@code X-Request-Id}: the client's when it sent a well-formed one,
 * else a new one) and records every state-changing request (POST, PUT, PATCH, DELETE) in the audit
 * trail once its answer is known: who, what, which ids, how it ended — refusals included. Runs
 * before authentication, so a request turned away with 401 is recorded too.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION - 100)
public class AuditFilter implements ContainerRequestFilter, ContainerResponseFilter {

  public static final String REQUEST_ID = "X-Request-Id";
  static final String ANONYMOUS = "anonymous";
  private static final Logger LOG = Logger.getLogger(AuditFilter.class.getName());
  private static final Pattern CLIENT_ID = Pattern.compile("[A-Za-z0-9._:-]{1,64}");
  private static final Set<String> CHANGES = Set.of("POST", "PUT", "PATCH", "DELETE");
  private static final String ID_PROPERTY = AuditFilter.class.getName() + ".requestId";

  @Inject AuditTrail trail;
  @Inject Clock clock;
  @Context UriInfo uri;

  @Override
  public void filter(ContainerRequestContext request) {
    var given = request.getHeaderString(REQUEST_ID);
    var id =
        given != null && CLIENT_ID.matcher(given).matches() ? given : UUID.randomUUID().toString();
    request.setProperty(ID_PROPERTY, id);
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    var id = String.valueOf(request.getProperty(ID_PROPERTY));
    response.getHeaders().putSingle(REQUEST_ID, id);
    if (!CHANGES.contains(request.getMethod())) {
      return;
    }
    var caller = CallerContext.caller(request);
    var parameters = new TreeMap<String, String>();
    try {
      uri.getPathParameters().forEach((name, values) -> parameters.put(name, values.get(0)));
    } catch (RuntimeException notMatched) {
      // refused before matching: no path parameters
    }
    var path = request.getUriInfo().getRequestUri().getRawPath();
    var details =
        new AuditEvent.Details(
            clock.instant(),
            id,
            caller.map(c -> c.name()).orElse(ANONYMOUS),
            caller
                .map(
                    c ->
                        c.roles().stream()
                            .map(Role::wire)
                            .sorted()
                            .collect(Collectors.joining(",")))
                .orElse(""),
            caller.map(c -> c.mechanism().wire()).orElse("none"),
            request.getMethod(),
            path,
            agentId(path, parameters, response),
            parameters.isEmpty()
                ? Optional.empty()
                : Optional.of(
                    parameters.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(","))),
            response.getStatus());
    try {
      trail.record(details);
    } catch (RuntimeException e) {
      LOG.log(
          Level.SEVERE,
          "Audit event of request "
              + LogText.quoted(id)
              + " ("
              + request.getMethod()
              + " "
              + LogText.quoted(path)
              + ") not recorded",
          e);
    }
  }

  /** The agent a request addressed: the {id} of /api/agents/{id}/..., or the one it created. */
  static Optional<String> agentId(
      String path, java.util.Map<String, String> parameters, ContainerResponseContext response) {
    if (path.startsWith("/api/agents/") && parameters.containsKey("id")) {
      return Optional.of(parameters.get("id"));
    }
    if ("/api/agents".equals(path)
        && response.getStatus() == 201
        && response.getLocation() != null) {
      var location = response.getLocation().getPath();
      return Optional.of(location.substring(location.lastIndexOf('/') + 1));
    }
    return Optional.empty();
  }
}
