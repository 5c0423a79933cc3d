package io.reveille.security.boundary;

import io.reveille.api.Problem;
import io.reveille.security.control.Authentication;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;

/**
 * Authentication, in one place, before anything else reads the request: the {@code Authorization}
 * header names a caller ({@link Authentication}), who becomes the request's {@link CallerContext};
 * a request without usable credentials is answered 401 problem+json with both challenges, so a
 * client learns which schemes it may use; a password attempt from a client the login throttle is
 * slowing is answered 429 with {@code Retry-After}. Runs before matching, so an unknown path tells
 * an anonymous client nothing.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION)
public class AuthenticationFilter implements ContainerRequestFilter {

  static final String REALM = "reveille";

  @Inject Authentication authentication;
  @Context HttpServletRequest servletRequest;

  @Override
  public void filter(ContainerRequestContext request) {
    var result =
        authentication.authenticate(
            request.getHeaderString(HttpHeaders.AUTHORIZATION), clientAddress(servletRequest));
    if (result.caller().isPresent()) {
      CallerContext.establish(request, result.caller().get());
    } else {
      request.abortWith(
          unauthenticated(
              result, ProtectedResourceMetadata.addressFor(request.getUriInfo().getRequestUri())));
    }
  }

  /**
   * The address the connection came from, as the container tells it (a reverse proxy's own, unless
   * Liberty's {@code remoteIp} takes the client's from the proxy's headers).
   */
  static String clientAddress(HttpServletRequest request) {
    try {
      var address = request.getRemoteAddr();
      return address == null || address.isBlank() ? "unknown" : address;
    } catch (RuntimeException noServletRequest) {
      return "unknown";
    }
  }

  static Response unauthenticated(Authentication.Result result) {
    return unauthenticated(result, Optional.empty());
  }

  /**
   * The 401 (or 429) for {@code result}; its bearer challenge names {@code metadata}, the
   * resource's OAuth 2.0 Protected Resource Metadata (RFC 9728), when there is one.
   */
  static Response unauthenticated(Authentication.Result result, Optional<String> metadata) {
    if (result.retryAfter().isPresent()) {
      return Response.fromResponse(
              Problem.of(429, "Too many requests", result.failure().orElseThrow()).toResponse())
          .header("Retry-After", Authentication.Result.retryAfterSeconds(result.retryAfter().get()))
          .build();
    }
    var detail =
        result.failure().orElse("this API needs credentials: HTTP Basic or a bearer token (JWT)");
    var bearer =
        result.bearerRefused()
            ? "Bearer realm=\"" + REALM + "\", error=\"invalid_token\""
            : "Bearer realm=\"" + REALM + "\"";
    var challenge =
        metadata.map(address -> bearer + ", resource_metadata=\"" + address + "\"").orElse(bearer);
    return Response.fromResponse(Problem.of(401, "Unauthorized", detail).toResponse())
        .header(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"" + REALM + "\", charset=\"UTF-8\"")
        .header(HttpHeaders.WWW_AUTHENTICATE, challenge)
        .build();
  }
}
