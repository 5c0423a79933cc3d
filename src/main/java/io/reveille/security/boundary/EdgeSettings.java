package io.reveille.security.boundary;

import io.reveille.security.control.EdgeRules;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The edge's settings, read once for every part of the server that applies them (the API's edge
 * filter, the files served beside the API, the MCP endpoint): {@code reveille.http.max-body-bytes},
 * {@code reveille.http.allowed-hosts} and {@code reveille.http.allowed-origins}.
 */
@ApplicationScoped
public class EdgeSettings {

  @Inject
  @ConfigProperty(name = "reveille.http.max-body-bytes", defaultValue = "1048576")
  long maxBodyBytes;

  @Inject
  @ConfigProperty(name = "reveille.http.allowed-hosts", defaultValue = "localhost,127.0.0.1,[::1]")
  String allowedHosts;

  @Inject
  @ConfigProperty(name = "reveille.http.allowed-origins")
  Optional<String> allowedOrigins;

  private EdgeRules rules;

  @PostConstruct
  void init() {
    rules =
        new EdgeRules(
            maxBodyBytes, EdgeRules.list(allowedHosts), EdgeRules.list(allowedOrigins.orElse("")));
  }

  /** The rules the settings make. */
  public EdgeRules rules() {
    return rules;
  }
}
