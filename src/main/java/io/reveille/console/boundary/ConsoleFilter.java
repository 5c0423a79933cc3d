package io.reveille.console.boundary;

import io.reveille.security.boundary.HostCheck;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The console's static files (the page at {@code /} and its scripts and styles under {@code
 * /console/}): 421 for a {@code Host} the API would not answer either, and headers that let the
 * page run only its own scripts and styles and talk only to its own server. The files carry no
 * data: everything the console shows comes from the API, with the signed-in user's credentials.
 */
@WebFilter(urlPatterns = {"/", "/index.html", "/console/*"})
public class ConsoleFilter extends HttpFilter {

  private static final long serialVersionUID = 1L;

  /** Own scripts, styles and requests only; no inline script, no framing, no plugins. */
  static final String CONTENT_SECURITY_POLICY =
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
          + " connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

  @Inject transient HostCheck hosts;

  @Override
  protected void doFilter(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    if (hosts.misdirected(request)) {
      response.sendError(421);
      return;
    }
    response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("X-Frame-Options", "DENY");
    response.setHeader("Referrer-Policy", "no-referrer");
    // Revalidated on every load, so a new version of the console is never mixed with an old one.
    response.setHeader("Cache-Control", "no-cache");
    if (request.getRequestURI().equals(request.getContextPath() + "/")) {
      // The page itself, served here rather than by the container's welcome-file lookup, which
      // never answers a request that arrived as an HTTP/2 upgrade (h2c) of an HTTP/1.1 one.
      request.getRequestDispatcher("/index.html").forward(request, response);
      return;
    }
    chain.doFilter(request, response);
  }
}
