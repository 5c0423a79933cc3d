package io.reveille.security.boundary;

import io.reveille.security.control.TransportRules;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The transport rules as this server is configured: whether TLS is configured with the operator's
 * key store (the server variable {@code reveille.tls.keystore}, compared with the one the server
 * generates in {@code reveille.data.dir}), and the settings {@code reveille.http.plain-http-basic}
 * and {@code reveille.http.hsts-max-age-seconds}. Says in the log, once, whether Basic over plain
 * HTTP is refused, so an operator sees why a client gets 403.
 */
@ApplicationScoped
class TransportCheck {

  private static final Logger LOG = Logger.getLogger(TransportCheck.class.getName());

  @Inject
  @ConfigProperty(name = "reveille.http.plain-http-basic", defaultValue = "auto")
  String plainHttpBasic;

  @Inject
  @ConfigProperty(name = "reveille.http.hsts-max-age-seconds", defaultValue = "31536000")
  long hstsMaxAgeSeconds;

  @Inject
  @ConfigProperty(name = "reveille.tls.keystore")
  Optional<String> keyStore;

  @Inject
  @ConfigProperty(name = "reveille.data.dir")
  Optional<String> dataDirectory;

  private TransportRules rules;

  @PostConstruct
  void init() {
    var operatorKeyStore = TransportRules.operatorKeyStore(keyStore, dataDirectory);
    rules =
        new TransportRules(
            TransportRules.PlainHttpBasic.parse(plainHttpBasic),
            operatorKeyStore,
            hstsMaxAgeSeconds);
    LOG.log(
        Level.INFO,
        "HTTP Basic over plain HTTP is {0} (reveille.http.plain-http-basic={1}; TLS {2})",
        new Object[] {
          rules.refusesPlainBasic() ? "refused" : "accepted",
          plainHttpBasic,
          operatorKeyStore
              ? "configured with the operator's key store"
              : "on the generated key store"
        });
  }

  TransportRules rules() {
    return rules;
  }
}
