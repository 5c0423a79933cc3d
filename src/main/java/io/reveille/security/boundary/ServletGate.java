package io.reveille.security.boundary;

import io.reveille.api.Problem;
import io.reveille.security.control.Authentication;
import io.reveille.security.control.Role;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The API's checks for a servlet beside it (the OpenAPI document, the metrics): the host rule, the
 * edge's protective headers, then the same credentials, challenges and problem documents as the API
 * — 421 for a misdirected host, 401 without usable credentials (429 while the login throttle slows
 * the client's password attempts), 403 for a caller without {@code role}.
 */
public final class ServletGate {

  private ServletGate() {}

  /**
   * Answers the request itself when it may not read {@code what} — 421 for a {@code Host} the API
   * would not answer either (DNS rebinding), 401 or 403 for the caller —; returns whether it may.
   */
  public static boolean admit(
      HostCheck hosts,
      Authentication authentication,
      HttpServletRequest request,
      HttpServletResponse response,
      Role role,
      String what)
      throws IOException {
    if (hosts.misdirected(request)) {
      response.sendError(421);
      return false;
    }
    EdgeFilter.protect((name, value) -> response.setHeader(name, String.valueOf(value)));
    var result =
        authentication.authenticate(
            request.getHeader("Authorization"), AuthenticationFilter.clientAddress(request));
    if (result.caller().isEmpty()) {
      var refusal = AuthenticationFilter.unauthenticated(result);
      refusal
          .getStringHeaders()
          .forEach(
              (name, values) -> {
                if ("WWW-Authenticate".equalsIgnoreCase(name)
                    || "Retry-After".equalsIgnoreCase(name)) {
                  values.forEach(value -> response.addHeader(name, value));
                }
              });
      problem(response, refusal.getEntity().toString(), refusal.getStatus());
      return false;
    }
    if (!result.caller().get().holds(role)) {
      var forbidden = RoleFilter.forbidden(result.caller().get().roles(), role, what);
      problem(response, forbidden.toJson().toString(), 403);
      return false;
    }
    return true;
  }

  private static void problem(HttpServletResponse response, String body, int status)
      throws IOException {
    response.setStatus(status);
    response.setContentType(Problem.MEDIA_TYPE);
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.getWriter().write(body);
  }
}
