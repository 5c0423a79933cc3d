package io.reveille.security.control;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.BadJWSException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Verifies a MicroProfile JWT bearer token with Nimbus JOSE+JWT: a compact JWS signed with the
 * configured algorithm (RS256 or ES256) by a trusted key, issued by the configured issuer, for one
 * of the configured audiences, not expired and already valid. Its roles come from the {@code
 * groups} claim, and the caller is accepted until the token's expiry plus the allowed clock skew
 * (an event stream it opened ends then).
 *
 * <p>The caller is named {@code <issuer>#<sub>}: the subject is the identity provider's stable,
 * unique key for a person, where {@code upn} and {@code preferred_username} are names a user may be
 * able to change or reuse; and the issuer in front keeps a token's subject from ever coinciding
 * with a built-in user's name or with a subject another identity provider assigned.
 *
 * <p>Every refusal says what was wrong with the token, never what it contained.
 */
public final class JwtVerifier {

  /** The longest caller name kept (the audit trail's principal column). */
  static final int MAX_NAME = 256;

  /** The algorithms MicroProfile JWT 2.1 requires a verifier to support. */
  public enum Algorithm {
    RS256(JWSAlgorithm.RS256),
    ES256(JWSAlgorithm.ES256);

    final JWSAlgorithm jws;

    Algorithm(JWSAlgorithm jws) {
      this.jws = jws;
    }
  }

  /** Why a token was refused; the message is fit for the 401 the client receives. */
  public static final class InvalidToken extends Exception {
    private static final long serialVersionUID = 1L;

    public InvalidToken(String message) {
      super(message);
    }
  }

  /**
   * The settings: who may issue tokens, for which audiences (at least one: a token the same
   * identity provider issued for another service must not be accepted here), signed how, and how
   * much clock skew to allow.
   */
  public record Settings(
      String issuer, Set<String> audiences, Algorithm algorithm, Duration clockSkew) {
    public Settings {
      Objects.requireNonNull(issuer, "issuer");
      if (issuer.isBlank()) {
        throw new IllegalArgumentException("the token issuer must not be blank");
      }
      audiences = Set.copyOf(audiences);
      if (audiences.isEmpty() || audiences.stream().anyMatch(String::isBlank)) {
        throw new IllegalArgumentException("at least one token audience must be accepted");
      }
      Objects.requireNonNull(algorithm, "algorithm");
      if (clockSkew.isNegative()) {
        throw new IllegalArgumentException("the clock skew must not be negative");
      }
    }
  }

  private final Settings settings;
  private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();

  public JwtVerifier(Settings settings, JWKSource<SecurityContext> keys, Clock clock) {
    this.settings = Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(clock, "clock");
    processor.setJWSKeySelector(
        new JWSVerificationKeySelector<>(settings.algorithm().jws, Objects.requireNonNull(keys)));
    var claims =
        new DefaultJWTClaimsVerifier<>(
            settings.audiences(),
            new JWTClaimsSet.Builder().issuer(settings.issuer()).build(),
            Set.of("exp", "iat", "sub"),
            Set.of()) {
          @Override
          protected Date currentTime() {
            return Date.from(clock.instant());
          }
        };
    claims.setMaxClockSkew(Math.toIntExact(settings.clockSkew().toSeconds()));
    processor.setJWTClaimsSetVerifier(claims);
  }

  /**
   * The caller a token names.
   *
   * @throws InvalidToken naming the first defect found
   */
  public Caller verify(String token) throws InvalidToken {
    var jwt = parse(token);
    JWTClaimsSet claims;
    try {
      claims = processor.process(jwt, null);
    } catch (BadJWSException e) {
      throw new InvalidToken("the token's signature does not verify");
    } catch (BadJWTException e) {
      throw new InvalidToken(claimsRefusal(e.getMessage()));
    } catch (BadJOSEException e) { // no key of the token's algorithm and id
      throw new InvalidToken("the token is signed with a key this server does not trust (kid)");
    } catch (JOSEException e) {
      throw new InvalidToken("the token's signature cannot be checked with the trusted key");
    }
    var subject = claims.getSubject();
    if (subject == null || subject.isBlank()) {
      throw new InvalidToken("the token names no caller (sub)");
    }
    var name = settings.issuer() + "#" + subject;
    if (name.length() > MAX_NAME) {
      throw new InvalidToken(
          "the token's caller (issuer#sub) is longer than " + MAX_NAME + " characters");
    }
    // Accepted until its expiry plus the allowed skew: what a new request with it would be told.
    var acceptedUntil = claims.getExpirationTime().toInstant().plus(settings.clockSkew());
    return new Caller(
        name,
        Role.fromGroups(groups(claims)),
        Caller.Mechanism.BEARER,
        Optional.of(acceptedUntil),
        Optional.empty());
  }

  /** The token as a signed JWT of the configured algorithm; nothing is trusted yet. */
  private SignedJWT parse(String token) throws InvalidToken {
    if (token.split("\\.", -1).length != 3) {
      throw new InvalidToken("the bearer token is not a signed JWT (header.payload.signature)");
    }
    JWT jwt;
    try {
      jwt = JWTParser.parse(token);
    } catch (ParseException e) {
      throw new InvalidToken("the token's header is not base64url or not a JSON object");
    }
    var alg = jwt.getHeader().getAlgorithm();
    if (!(jwt instanceof SignedJWT signed) || !settings.algorithm().jws.equals(alg)) {
      var named = alg == null ? "" : alg.getName();
      throw new InvalidToken(
          "the token is signed with '"
              + (named.matches("[A-Za-z0-9]{1,16}") ? named : "?")
              + "'; this server accepts "
              + settings.algorithm());
    }
    try {
      signed.getJWTClaimsSet();
    } catch (ParseException e) {
      throw new InvalidToken(
          "the token's payload is not base64url, not a JSON object, or has a claim of the wrong"
              + " type");
    }
    return signed;
  }

  /**
   * Our reason for the claims verifier's refusal. Its messages name the claim, never its value;
   * they are matched here so the client reads the same reasons as before the library.
   */
  private static String claimsRefusal(String message) {
    if (message.startsWith("JWT missing required aud")) {
      return "the token names no audience (aud); this server requires one of its own";
    }
    if (message.startsWith("JWT aud")) {
      return "the token is not meant for this server (audience)";
    }
    if (message.startsWith("JWT iss")) {
      return "the token is not issued by the issuer this server trusts";
    }
    if (message.startsWith("Expired")) {
      return "the token has expired";
    }
    if (message.startsWith("JWT before use time")) {
      return "the token is not valid yet (nbf)";
    }
    if (message.startsWith("JWT missing required claims")) {
      return "the token lacks a required claim (exp, iat or sub)";
    }
    return "the token's claims are not acceptable";
  }

  private static List<String> groups(JWTClaimsSet claims) {
    var value = claims.getClaim("groups");
    if (value instanceof String one) {
      return List.of(one);
    }
    if (value instanceof List<?> many) {
      return many.stream().filter(String.class::isInstance).map(String.class::cast).toList();
    }
    return List.of();
  }
}
