package io.reveille.security.boundary;

import io.reveille.api.Problem;
import jakarta.inject.Inject;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The transport rules ({@link io.reveille.security.control.TransportRules}) for everything the
 * application serves — the API, its event streams, the OpenAPI document, the metrics, the console:
 * {@code Strict-Transport-Security} on every HTTPS response, and 403 problem+json for HTTP Basic
 * credentials over plain HTTP once TLS is configured. A servlet filter rather than the API's edge
 * filter, so that what is served beside the API follows the same rules. It runs on forwards too:
 * the console's filter forwards {@code /} to {@code /index.html} without passing the request on,
 * and the order of two annotated filters is not defined, so a request this filter did not see on
 * its way in still passes it on the forward.
 */
@WebFilter(
    urlPatterns = "/*",
    asyncSupported = true,
    dispatcherTypes = {DispatcherType.REQUEST, DispatcherType.FORWARD})
public class TransportFilter extends HttpFilter {

  private static final long serialVersionUID = 1L;

  @Inject transient TransportCheck transport;

  @Override
  protected void doFilter(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    var rules = transport.rules();
    rules
        .strictTransportSecurity(request.isSecure())
        .ifPresent(value -> response.setHeader("Strict-Transport-Security", value));
    var refusal = rules.plainHttpBasic(request.isSecure(), request.getHeader("Authorization"));
    if (refusal.isPresent()) {
      EdgeFilter.protect((name, value) -> response.setHeader(name, String.valueOf(value)));
      response.setStatus(403);
      response.setContentType(Problem.MEDIA_TYPE);
      response.setCharacterEncoding(StandardCharsets.UTF_8.name());
      response.getWriter().write(Problem.of(403, "Forbidden", refusal.get()).toJson().toString());
      return;
    }
    chain.doFilter(request, response);
  }
}
