package io.reveille.observability.boundary;

import io.reveille.messaging.control.QueueDepths;
import io.reveille.observability.control.Metrics;
import io.reveille.platform.error.UnavailableException;
import io.reveille.security.boundary.HostCheck;
import io.reveille.security.boundary.ServletGate;
import io.reveille.security.control.Authentication;
import io.reveille.security.control.Role;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code GET /metrics}: every metric in Prometheus' text format, for callers holding the viewer
 * role, checked as the API checks ({@link ServletGate}), and 421 for a {@code Host} the API would
 * not answer either. Queue depths are asked of the broker at each scrape; when it does not answer,
 * the last depths stay and the rest is served.
 */
@WebServlet("/metrics")
public class MetricsServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = Logger.getLogger(MetricsServlet.class.getName());

  /** Prometheus' text exposition format. */
  static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  @Inject transient Authentication authentication;
  @Inject transient Metrics metrics;
  @Inject transient QueueDepths depths;

  @Inject transient HostCheck hosts;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    if (!ServletGate.admit(hosts, authentication, request, response, Role.VIEWER, "the metrics")) {
      return;
    }
    try {
      depths.depths().forEach(depth -> metrics.queueDepth(depth.name(), depth.messageCount()));
    } catch (UnavailableException e) {
      LOG.log(Level.FINE, "Queue depths left as they were: {0}", e.getMessage());
    }
    response.setContentType(CONTENT_TYPE);
    response.getOutputStream().write(metrics.scrape().getBytes(StandardCharsets.UTF_8));
  }
}
