package io.reveille.security.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.TestIdentities;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * HTTPS on the embedded default: the server created its own key store on its first start, and a
 * client that trusts that certificate (and only it) reaches the API over TLS with credentials,
 * while a client that trusts only the public CAs refuses the self-signed certificate. Every HTTPS
 * response, the API's and the console's, tells a browser to keep to HTTPS.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class TlsIT {

  private static final Optional<String> HSTS = Optional.of("max-age=31536000");

  private final URI https =
      URI.create(System.getProperty("reveille.it.httpsBaseUri", "https://127.0.0.1:9543"));
  private final URI http =
      URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181"));
  private final Path server =
      Path.of(System.getProperty("reveille.it.wlp", "target/liberty/wlp"))
          .resolve("usr/servers")
          .resolve(System.getProperty("reveille.it.server", "reveille-it"));

  @Test
  void theApiAnswersOverTlsWithTheCertificateTheServerCreated() throws Exception {
    var password = keystorePassword();
    var keyStore = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(server.resolve("security/key.p12"))) {
      keyStore.load(in, password.toCharArray());
    }
    var trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(keyStore);
    var tls = SSLContext.getInstance("TLS");
    tls.init(null, trust.getTrustManagers(), null);
    var client =
        HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(10)).build();

    var request =
        HttpRequest.newBuilder(https.resolve("/api/agents?limit=1"))
            .header("Authorization", TestIdentities.basic(Role.VIEWER))
            .timeout(Duration.ofSeconds(30))
            .build();
    var response = client.send(request, HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), response::body);
    assertTrue(response.sslSession().isPresent());
    var protocol = response.sslSession().orElseThrow().getProtocol();
    assertTrue(protocol.equals("TLSv1.3") || protocol.equals("TLSv1.2"), protocol);
    assertEquals(HSTS, response.headers().firstValue("Strict-Transport-Security"));

    var anonymous =
        client.send(
            HttpRequest.newBuilder(https.resolve("/api/agents")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(401, anonymous.statusCode());
    assertEquals(HSTS, anonymous.headers().firstValue("Strict-Transport-Security"));
    var console =
        client.send(
            HttpRequest.newBuilder(https.resolve("/")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, console.statusCode());
    assertEquals(HSTS, console.headers().firstValue("Strict-Transport-Security"));

    var publicCasOnly = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    assertThrows(
        SSLHandshakeException.class,
        () -> publicCasOnly.send(request, HttpResponse.BodyHandlers.ofString()));
  }

  /**
   * Over plain HTTP no response carries {@code Strict-Transport-Security} (a browser would ignore
   * it). The test server runs on the key store it generated, so TLS does not count as configured
   * and Basic over plain HTTP is accepted; its refusal once the operator's key store is configured
   * is {@code TransportRulesTest}'s.
   */
  @Test
  void plainHttpResponsesCarryNoStrictTransportSecurityAndBasicIsAcceptedOnTheGeneratedKeyStore()
      throws Exception {
    var client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    var response =
        client.send(
            HttpRequest.newBuilder(http.resolve("/api/agents?limit=1"))
                .header("Authorization", TestIdentities.basic(Role.VIEWER))
                .timeout(Duration.ofSeconds(30))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), response::body);
    assertEquals(Optional.empty(), response.headers().firstValue("Strict-Transport-Security"));
  }

  /** The password creating the server generated into its server.env. */
  private String keystorePassword() throws IOException {
    return Files.readAllLines(server.resolve("server.env")).stream()
        .filter(line -> line.startsWith("keystore_password="))
        .map(line -> line.substring("keystore_password=".length()).strip())
        .findFirst()
        .orElseThrow(() -> new AssertionError("no keystore_password in " + server));
  }
}
