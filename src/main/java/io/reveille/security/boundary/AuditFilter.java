package io.reveille.security.boundary;

import io.reveille.platform.LogText;
import io.reveille.security.control.AuditTrail;
import io.reveille.security.control.RefusalTally;
import io.reveille.security.control.Role;
import io.reveille.security.entity.AuditEvent;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.Provider;
import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Gives every API request an id of the server's own ({@code X-Request-Id}; a client cannot choose
 * the id its request is audited under) and keeps the client's {@code X-Request-Id}, when it sent a
 * well-formed one, beside it ({@code X-Client-Request-Id} in the answer, {@code clientRequestId} in
 * the trail). Records every state-changing request (POST, PUT, PATCH, DELETE) in the audit trail
 * once its answer is known: who, from where, what, which ids, how it ended — unless its resource
 * recorded it already, with the answer's status, in the transaction of its work ({@link
 * AuditedRequest}). Runs before authentication, so a request turned away with 401 is recorded too —
 * but a refusal (4xx) of a request without a signed-in caller is only counted ({@link
 * RefusalTally}), one row per client address and window, so that nobody can grow the trail by
 * merely reaching the port.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION - 100)
public class AuditFilter implements ContainerRequestFilter, ContainerResponseFilter {

  public static final String REQUEST_ID = "X-Request-Id";
  public static final String CLIENT_REQUEST_ID = "X-Client-Request-Id";
  static final String ANONYMOUS = AuditEvent.ANONYMOUS;
  private static final Logger LOG = Logger.getLogger(AuditFilter.class.getName());
  private static final Pattern CLIENT_ID = Pattern.compile("[A-Za-z0-9._:-]{1,64}");
  private static final Set<String> CHANGES = Set.of("POST", "PUT", "PATCH", "DELETE");
  private static final String ID_PROPERTY = AuditFilter.class.getName() + ".requestId";
  private static final String CLIENT_ID_PROPERTY = AuditFilter.class.getName() + ".clientRequestId";

  @Inject AuditTrail trail;
  @Inject AuditedRequest audited;
  @Inject RefusalTally refusals;
  @Inject Clock clock;
  @Context UriInfo uri;
  @Context HttpServletRequest servletRequest;

  @Override
  public void filter(ContainerRequestContext request) {
    var id = UUID.randomUUID().toString();
    request.setProperty(ID_PROPERTY, id);
    var clientId = clientRequestId(request.getHeaderString(REQUEST_ID));
    clientId.ifPresent(given -> request.setProperty(CLIENT_ID_PROPERTY, given));
    if (CHANGES.contains(request.getMethod())) {
      var path = request.getUriInfo().getRequestUri().getRawPath();
      audited.expect(
          status ->
              CallerContext.caller(request).isEmpty()
                  ? Optional.empty()
                  : Optional.of(
                      details(request, status, null, id, clientId, clientAddress(), path)));
    }
  }

  /** The id a client gave its request, when it is 1 to 64 letters, digits or {@code ._:-}. */
  static Optional<String> clientRequestId(String given) {
    return Optional.ofNullable(given).filter(g -> CLIENT_ID.matcher(g).matches());
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    var id = String.valueOf(request.getProperty(ID_PROPERTY));
    var clientId =
        Optional.ofNullable(request.getProperty(CLIENT_ID_PROPERTY)).map(String::valueOf);
    response.getHeaders().putSingle(REQUEST_ID, id);
    clientId.ifPresent(given -> response.getHeaders().putSingle(CLIENT_REQUEST_ID, given));
    if (!CHANGES.contains(request.getMethod()) || audited.recordedWith(response.getStatus())) {
      return;
    }
    var caller = CallerContext.caller(request);
    var path = request.getUriInfo().getRequestUri().getRawPath();
    var address = clientAddress();
    try {
      if (caller.isEmpty() && isRefusal(response.getStatus())) {
        var closed =
            refusals.count(
                new RefusalTally.Refusal(
                    address.orElse("unknown"),
                    clock.instant(),
                    response.getStatus(),
                    request.getMethod(),
                    path,
                    id,
                    clientId));
        closed.ifPresent(summary -> trail.record(List.of(summary)));
      } else {
        trail.record(
            details(
                request,
                response.getStatus(),
                response.getLocation(),
                id,
                clientId,
                address,
                path));
      }
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

  /**
   * A refusal without a signed-in caller is only counted: every 4xx — the edge's 413 and 421, the
   * 401 of absent or wrong credentials, a 429 of login throttling — since such a request changed
   * nothing and names nobody.
   */
  static boolean isRefusal(int status) {
    return status >= 400 && status < 500;
  }

  /** The address the connection came from (a reverse proxy's own, behind one). */
  private Optional<String> clientAddress() {
    try {
      return Optional.ofNullable(servletRequest.getRemoteAddr()).filter(a -> !a.isBlank());
    } catch (RuntimeException noServletRequest) {
      return Optional.empty();
    }
  }

  private AuditEvent.Details details(
      ContainerRequestContext request,
      int status,
      URI location,
      String id,
      Optional<String> clientId,
      Optional<String> address,
      String path) {
    var caller = CallerContext.caller(request);
    var parameters = new TreeMap<String, String>();
    try {
      uri.getPathParameters().forEach((name, values) -> parameters.put(name, values.get(0)));
    } catch (RuntimeException notMatched) {
      // refused before matching: no path parameters
    }
    return new AuditEvent.Details(
        clock.instant(),
        id,
        clientId,
        address,
        caller.map(c -> c.name()).orElse(ANONYMOUS),
        caller
            .map(c -> c.roles().stream().map(Role::wire).sorted().collect(Collectors.joining(",")))
            .orElse(""),
        caller.map(c -> c.mechanism().wire()).orElse("none"),
        request.getMethod(),
        path,
        agentId(path, parameters, status, location),
        parameters.isEmpty()
            ? Optional.empty()
            : Optional.of(
                parameters.entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(","))),
        status);
  }

  /** The agent a request addressed: the {id} of /api/agents/{id}/..., or the one it created. */
  static Optional<String> agentId(
      String path, java.util.Map<String, String> parameters, int status, URI location) {
    if (path.startsWith("/api/agents/") && parameters.containsKey("id")) {
      return Optional.of(parameters.get("id"));
    }
    if ("/api/agents".equals(path) && status == 201 && location != null) {
      var created = location.getPath();
      return Optional.of(created.substring(created.lastIndexOf('/') + 1));
    }
    return Optional.empty();
  }
}
