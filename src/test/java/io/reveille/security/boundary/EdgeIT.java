package io.reveille.security.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import io.reveille.testing.TestIdentities;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The API's edge through the real server: oversized bodies (declared, and streamed without a
 * length), a Host the server does not answer to (DNS rebinding), a change from another origin's
 * page (CSRF), and the headers every response carries.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class EdgeIT {

  private static final int LIMIT = 1024 * 1024;
  private final URI base =
      URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181"));
  private final Api api = new Api();

  @Test
  void aBodyOverTheLimitIsA413WhetherDeclaredOrStreamed() throws Exception {
    var big = "{\"displayName\":\"" + "x".repeat(LIMIT) + "\"}";
    var declared = api.post("/api/agents", big);
    assertEquals(413, declared.status(), declared::toString);
    assertTrue(declared.contentType().startsWith("application/problem+json"), declared::toString);

    var client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    var streamed =
        client.send(
            HttpRequest.newBuilder(base.resolve("/api/categories"))
                .header("Authorization", TestIdentities.basic(Role.OPERATOR))
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofInputStream(
                        () -> new ByteArrayInputStream(big.getBytes(StandardCharsets.UTF_8))))
                .timeout(Duration.ofSeconds(30))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(413, streamed.statusCode(), streamed::body);
  }

  @Test
  void aForeignHostIsA421AndAChangeFromAnotherOriginA403() throws IOException {
    for (var path : List.of("/api/agents", "/metrics", "/openapi", "/", "/console/app.js")) {
      var rebound =
          raw(
              "GET "
                  + path
                  + " HTTP/1.1\r\nHost: evil.example\r\n"
                  + "Authorization: "
                  + TestIdentities.basic(Role.VIEWER)
                  + "\r\nConnection: close\r\n\r\n");
      assertTrue(rebound.startsWith("HTTP/1.1 421"), () -> path + ": " + rebound);
    }

    var host = base.getHost() + ":" + base.getPort();
    var forged =
        raw(
            "POST /api/categories HTTP/1.1\r\nHost: "
                + host
                + "\r\n"
                + "Origin: https://evil.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                + "Authorization: "
                + TestIdentities.basic(Role.OPERATOR)
                + "\r\nConnection: close\r\n\r\n{}");
    assertTrue(forged.startsWith("HTTP/1.1 403"), forged);
    assertTrue(forged.contains("another origin"), forged);

    var sameOrigin =
        raw(
            "POST /api/categories HTTP/1.1\r\nHost: "
                + host
                + "\r\n"
                + "Origin: http://"
                + host
                + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                + "Authorization: "
                + TestIdentities.basic(Role.OPERATOR)
                + "\r\nConnection: close\r\n\r\n{}");
    assertTrue(
        sameOrigin.startsWith("HTTP/1.1 400"), "past the edge, the body is refused: " + sameOrigin);
  }

  @Test
  void everyResponseForbidsSniffingFramingCachingAndCors() {
    var response = api.as(Role.VIEWER).get("/api/agents?limit=1");
    assertEquals(200, response.status());
    assertEquals("nosniff", response.header("X-Content-Type-Options"));
    assertTrue(response.header("Content-Security-Policy").contains("default-src 'none'"));
    assertEquals("no-store", response.header("Cache-Control"));
    assertTrue(response.raw().headers().firstValue("Access-Control-Allow-Origin").isEmpty());
    var refused = api.as((String) null).get("/api/agents");
    assertEquals("nosniff", refused.header("X-Content-Type-Options"));
  }

  @Test
  void theConsolesFilesCarryNoDataAndMayRunOnlyTheirOwnScripts() {
    var anonymous = api.as((String) null);
    var page = anonymous.get("/");
    assertEquals(200, page.status(), page::toString);
    assertTrue(page.contentType().startsWith("text/html"), page::toString);
    assertTrue(page.body().contains("id=\"sign-in-form\""), "the sign-in form");
    var policy = page.header("Content-Security-Policy");
    assertTrue(policy.contains("script-src 'self'"), policy);
    assertTrue(policy.contains("connect-src 'self'"), policy);
    assertTrue(policy.contains("frame-ancestors 'none'"), policy);
    assertEquals("nosniff", page.header("X-Content-Type-Options"));
    var script = anonymous.get("/console/app.js");
    assertEquals(200, script.status(), script::toString);
    assertTrue(script.contentType().contains("javascript"), script::contentType);
    assertEquals(policy, script.header("Content-Security-Policy"));
    // The data stays behind the API's authentication.
    assertEquals(401, anonymous.get("/api/me").status());
    var me = api.as(Role.OPERATOR).get("/api/me").json();
    assertEquals(TestIdentities.userName(Role.OPERATOR), me.getString("name"));
    assertEquals(
        List.of("viewer", "operator"),
        me.getJsonArray("roles").getValuesAs(jakarta.json.JsonString::getString));
    assertEquals("basic", me.getString("mechanism"));
  }

  private String raw(String request) throws IOException {
    try (var socket = new Socket(base.getHost(), base.getPort())) {
      socket.setSoTimeout(30_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
    }
  }
}
