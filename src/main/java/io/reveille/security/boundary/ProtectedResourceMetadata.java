package io.reveille.security.boundary;

import io.reveille.platform.json.JsonDocuments;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728) for Reveille's MCP endpoints, at the well-known
 * path an MCP client derives from the endpoint ({@code /.well-known/oauth-protected-resource} +
 * {@code /api/agents/<id>/mcp}) and that a 401 from the endpoint names ({@code resource_metadata}
 * in its {@code WWW-Authenticate}). It names the endpoint, the token issuer Reveille accepts bearer
 * tokens from ({@code mp.jwt.verify.issuer}; none when only Basic and console tokens are accepted)
 * and that a token goes in the {@code Authorization} header. Public, as the RFC wants it (a client
 * reads it before it has a token); 421 for a host the API would not answer either.
 */
@WebServlet("/.well-known/oauth-protected-resource/*")
public class ProtectedResourceMetadata extends HttpServlet {

  private static final long serialVersionUID = 1L;

  /** The well-known prefix of RFC 9728. */
  public static final String WELL_KNOWN = "/.well-known/oauth-protected-resource";

  /** The resources described: the MCP endpoint of one agent. */
  static final Pattern MCP_PATH = Pattern.compile("/api/agents/[A-Za-z0-9_.:-]{1,64}/mcp");

  @Inject transient HostCheck hosts;

  @Inject
  @ConfigProperty(name = "mp.jwt.verify.issuer")
  transient Optional<String> issuer;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    if (hosts.misdirected(request)) {
      response.sendError(421);
      return;
    }
    EdgeFilter.protect((name, value) -> response.setHeader(name, String.valueOf(value)));
    var path = Optional.ofNullable(request.getPathInfo()).orElse("");
    if (!MCP_PATH.matcher(path).matches()) {
      response.sendError(404);
      return;
    }
    var origin = URI.create(request.getRequestURL().toString()).resolve("/").toString();
    var document =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("resource", origin.substring(0, origin.length() - 1) + path)
            .add("resource_name", "Reveille MCP endpoint")
            .add(
                "bearer_methods_supported",
                JsonDocuments.provider().createArrayBuilder().add("header"));
    issuer
        .map(String::strip)
        .filter(value -> !value.isEmpty())
        .ifPresent(
            value ->
                document.add(
                    "authorization_servers",
                    JsonDocuments.provider().createArrayBuilder().add(value)));
    response.setStatus(200);
    response.setContentType("application/json");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.getOutputStream().write(document.build().toString().getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The metadata's address for a request to {@code requestUri}, when it is an MCP endpoint: what a
   * 401 names in {@code resource_metadata}.
   */
  public static Optional<String> addressFor(URI requestUri) {
    var path = requestUri.getRawPath();
    if (path == null || !MCP_PATH.matcher(path).matches()) {
      return Optional.empty();
    }
    return Optional.of(requestUri.resolve(WELL_KNOWN + path).toString());
  }
}
