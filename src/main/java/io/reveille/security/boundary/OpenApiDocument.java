package io.reveille.security.boundary;

import io.reveille.security.control.Authentication;
import io.reveille.security.control.Role;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The OpenAPI document at {@code /openapi}, for callers who may read the API ({@code viewer} and
 * up) and no one else: the build makes it from the annotations (SmallRye OpenAPI) into the WAR.
 * YAML by default; JSON for {@code Accept: application/json} or {@code ?format=JSON}. The same
 * credentials, challenges and problem documents as the API itself, and 421 for a {@code Host} the
 * API would not answer either.
 */
@WebServlet("/openapi")
public class OpenApiDocument extends HttpServlet {

  private static final long serialVersionUID = 1L;
  static final String LOCATION = "/META-INF/openapi-document/openapi.";

  @Inject transient Authentication authentication;
  @Inject transient HostCheck hosts;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    if (!ServletGate.admit(
        hosts, authentication, request, response, Role.VIEWER, "the API document")) {
      return;
    }
    var json = wantsJson(request);
    try (InputStream in =
        OpenApiDocument.class.getResourceAsStream(LOCATION + (json ? "json" : "yaml"))) {
      if (in == null) {
        throw new IOException("the build did not package the OpenAPI document");
      }
      response.setStatus(200);
      response.setContentType(json ? "application/json" : "application/yaml");
      response.setCharacterEncoding(StandardCharsets.UTF_8.name());
      in.transferTo(response.getOutputStream());
    }
  }

  static boolean wantsJson(HttpServletRequest request) {
    var format = request.getParameter("format");
    if (format != null) {
      return format.toLowerCase(Locale.ROOT).equals("json");
    }
    var accept = request.getHeader("Accept");
    return accept != null && accept.contains("application/json") && !accept.contains("yaml");
  }
}
