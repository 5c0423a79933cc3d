package io.reveille.security.boundary;

import io.reveille.api.Problem;
import io.reveille.security.control.Authentication;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;

/**
 * Authentication, in one place, before anything else reads the request: the {@code Authorization}
 * header names a caller ({@link Authentication}), who becomes the request's {@link CallerContext};
 * a request without usable credentials is answered 401 problem+json with both challenges, so a
 * client learns which schemes it may use. Runs before matching, so an unknown path tells an
 * anonymous client nothing.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION)
public class AuthenticationFilter implements ContainerRequestFilter {

  static final String REALM = "reveille";

  @Inject Authentication authentication;

  @Override
  public void filter(ContainerRequestContext request) {
    var result = authentication.authenticate(request.getHeaderString(HttpHeaders.AUTHORIZATION));
    if (result.caller().isPresent()) {
      CallerContext.establish(request, result.caller().get());
    } else {
      request.abortWith(unauthenticated(result));
    }
  }

  static Response unauthenticated(Authentication.Result result) {
    var detail =
        result.failure().orElse("this API needs credentials: HTTP Basic or a bearer token (JWT)");
    var bearer =
        result.bearerRefused()
            ? "Bearer realm=\"" + REALM + "\", error=\"invalid_token\""
            : "Bearer realm=\"" + REALM + "\"";
    return Response.fromResponse(Problem.of(401, "Unauthorized", detail).toResponse())
        .header(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"" + REALM + "\", charset=\"UTF-8\"")
        .header(HttpHeaders.WWW_AUTHENTICATE, bearer)
        .build();
  }
}
