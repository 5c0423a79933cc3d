package io.reveille.security.control;

import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Bearer-token verification as MicroProfile JWT configures it: {@code mp.jwt.verify.issuer}, {@code
 * mp.jwt.verify.audiences}, and the key as text ({@code mp.jwt.verify.publickey}: PEM, JWK or JWK
 * Set) or as a location ({@code mp.jwt.verify.publickey.location}: a file or an https: JWK Set, see
 * {@link FetchedKeys}). With neither key setting, bearer tokens are refused and only the built-in
 * users can sign in. A key without an issuer or without an audience stops the start: a token from
 * anyone holding the key, or one the identity provider issued for another service, would be
 * trusted.
 */
@ApplicationScoped
public class BearerTokens {

  private static final Logger LOG = Logger.getLogger(BearerTokens.class.getName());

  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "mp.jwt.verify.publickey")
  Optional<String> publicKey;

  @Inject
  @ConfigProperty(name = "mp.jwt.verify.publickey.location")
  Optional<String> location;

  @Inject
  @ConfigProperty(name = "mp.jwt.verify.issuer")
  Optional<String> issuer;

  @Inject
  @ConfigProperty(name = "mp.jwt.verify.audiences")
  Optional<String> audiences;

  @Inject
  @ConfigProperty(name = "mp.jwt.verify.publickey.algorithm", defaultValue = "RS256")
  String algorithm;

  @Inject
  @ConfigProperty(name = "mp.jwt.verify.clock.skew", defaultValue = "60")
  long clockSkewSeconds;

  private Optional<JwtVerifier> verifier;

  /** Settles verification once; a wrong or incomplete setting fails the bean, and so the start. */
  @PostConstruct
  void load() {
    verifier = build();
  }

  /** Creates this bean when the application starts, not on the first bearer token. */
  void onStart(@Observes @Initialized(ApplicationScoped.class) Object started) {
    verifier.isPresent();
  }

  /** The verifier, or empty when no key is configured and bearer tokens are refused. */
  public Optional<JwtVerifier> verifier() {
    return verifier;
  }

  private Optional<JwtVerifier> build() {
    var text = publicKey.filter(k -> !k.isBlank());
    var where = location.filter(l -> !l.isBlank());
    if (text.isEmpty() && where.isEmpty()) {
      LOG.info("Bearer tokens are refused: neither mp.jwt.verify.publickey nor .location is set");
      return Optional.empty();
    }
    var alg = algorithm(algorithm);
    var settings =
        new JwtVerifier.Settings(
            required(issuer, "mp.jwt.verify.issuer (MP_JWT_VERIFY_ISSUER)"),
            list(required(audiences, "mp.jwt.verify.audiences (MP_JWT_VERIFY_AUDIENCES)")),
            alg,
            Duration.ofSeconds(requireSkew(clockSkewSeconds)));
    JWKSource<SecurityContext> keys;
    try {
      keys =
          text.isPresent()
              ? TrustedKeys.parse(text.get(), alg)
              : FetchedKeys.at(where.get(), alg, clock);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
    LOG.info(
        () ->
            "Bearer tokens: "
                + alg
                + " from issuer "
                + settings.issuer()
                + " for audiences "
                + String.join(",", settings.audiences()));
    return Optional.of(new JwtVerifier(settings, keys, clock));
  }

  private static String required(Optional<String> setting, String name) {
    return setting
        .filter(value -> !list(value).isEmpty())
        .orElseThrow(
            () ->
                new IllegalStateException(name + " must be set when a token verification key is"));
  }

  static JwtVerifier.Algorithm algorithm(String name) {
    try {
      return JwtVerifier.Algorithm.valueOf(name.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "mp.jwt.verify.publickey.algorithm must be RS256 or ES256, not '" + name + "'");
    }
  }

  private static long requireSkew(long seconds) {
    if (seconds < 0 || seconds > 600) {
      throw new IllegalStateException(
          "mp.jwt.verify.clock.skew must be 0..600 seconds, not " + seconds);
    }
    return seconds;
  }

  static Set<String> list(String commaSeparated) {
    return Arrays.stream(commaSeparated.split(","))
        .map(String::strip)
        .filter(s -> !s.isEmpty())
        .collect(Collectors.toUnmodifiableSet());
  }
}
