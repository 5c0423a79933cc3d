package io.reveille.security.control;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.reveille.platform.wire.WireEnum;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.text.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs and reads the console's session tokens, without the container: a compact JWS, HMAC-SHA256
 * with the cluster's shared key, whose header names a type of its own ({@value #TYPE}) and whose
 * issuer is {@value #ISSUER}. Neither an identity provider's JWT nor this one can pass for the
 * other: a bearer token is read as a session token only when its header says so, and then it must
 * verify with the shared key; the identity provider's verifier accepts only {@code JWT}-typed
 * tokens signed with RS256 or ES256 by the identity provider's key.
 *
 * <p>The claims: {@code sub} the user, {@code roles} the roles held at sign-in (expanded), {@code
 * sid} the console session (what sign-out revokes), {@code iat} and {@code exp}, {@code rmax}, the
 * moment after which the session cannot be renewed, and {@code cred}, a keyed fingerprint of the
 * password the user signed in with ({@link #fingerprint}: without the key it tells nothing about
 * the password), so that a token stops working when the password changes. Nothing secret is in a
 * token: it is signed, not encrypted.
 */
public final class SessionTokenCodec {

  /** The JOSE {@code typ} of a console session token. */
  public static final String TYPE = "reveille-session+jwt";

  /** The {@code iss} of a console session token. */
  public static final String ISSUER = "urn:reveille:console-session";

  /** The shortest key accepted: HS256 needs 256 bits. */
  static final int KEY_BYTES = 32;

  private static final JOSEObjectType JOSE_TYPE = new JOSEObjectType(TYPE);
  private static final Pattern SESSION_ID = Pattern.compile("[0-9a-f-]{36}");
  private static final Pattern USER = Pattern.compile(UserDirectory.NAME_PATTERN);

  /** A token issued: the compact form, when it was issued and expires, and its session. */
  public record Issued(
      String token, Instant issuedAt, Instant expiresAt, Caller.ConsoleSession session) {
    @Override
    public String toString() {
      return "Issued[issuedAt="
          + issuedAt
          + ", expiresAt="
          + expiresAt
          + ", session="
          + session
          + "]";
    }
  }

  /** A verified token: its caller, and the fingerprint of the password it was issued for. */
  public record Verified(Caller caller, String credential) {}

  private final byte[] key;
  private final MACSigner signer;
  private final MACVerifier verifier;
  private final Clock clock;

  public SessionTokenCodec(byte[] key, Clock clock) {
    if (key.length < KEY_BYTES) {
      throw new IllegalArgumentException(
          "a session token key has at least " + KEY_BYTES + " bytes");
    }
    this.key = key.clone();
    try {
      this.signer = new MACSigner(key);
      this.verifier = new MACVerifier(key);
    } catch (JOSEException e) {
      throw new IllegalArgumentException("the session token key is unusable", e);
    }
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Whether a bearer token says it is a console session token (its header's {@code typ}); nothing
   * is verified yet.
   */
  public static boolean isSessionToken(String token) {
    var dot = token.indexOf('.');
    if (dot <= 0) {
      return false;
    }
    try {
      return JOSE_TYPE.equals(JWSHeader.parse(new Base64URL(token.substring(0, dot))).getType());
    } catch (ParseException | RuntimeException e) {
      return false;
    }
  }

  /**
   * The fingerprint of a password's digest under this key: equal for equal digests, and without the
   * key no help in guessing the password (the token carrying it is readable by its holder).
   */
  public String fingerprint(byte[] passwordDigest) {
    try {
      var mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      mac.update("reveille console credential\u0000".getBytes(StandardCharsets.UTF_8));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(passwordDigest));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every Java runtime has HmacSHA256", e);
    }
  }

  /**
   * A token for {@code user} holding {@code roles}, of {@code session}, expiring at {@code exp},
   * bound to the password whose {@link #fingerprint} is {@code credential}.
   */
  public Issued issue(
      String user,
      Set<Role> roles,
      Caller.ConsoleSession session,
      Instant expiresAt,
      String credential) {
    // A JWT counts time in whole seconds.
    var exp = Instant.ofEpochSecond(expiresAt.getEpochSecond());
    var iat = Instant.ofEpochSecond(clock.instant().getEpochSecond());
    if (exp.isAfter(session.renewableUntil())) {
      throw new IllegalArgumentException("a token cannot outlive its session");
    }
    var claims =
        new JWTClaimsSet.Builder()
            .issuer(ISSUER)
            .subject(user)
            .claim("roles", roles.stream().map(Role::wire).sorted().toList())
            .claim("sid", session.id())
            .issueTime(Date.from(iat))
            .expirationTime(Date.from(exp))
            .claim("rmax", session.renewableUntil().getEpochSecond())
            .claim("cred", Objects.requireNonNull(credential, "credential"))
            .build();
    var jwt =
        new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).type(JOSE_TYPE).build(), claims);
    try {
      jwt.sign(signer);
    } catch (JOSEException e) {
      throw new IllegalStateException("signing a session token failed", e);
    }
    return new Issued(jwt.serialize(), iat, exp, session);
  }

  /**
   * The caller a session token names, as it was at sign-in, and the fingerprint of its password.
   *
   * @throws JwtVerifier.InvalidToken naming the first defect found, never the token's content
   */
  public Verified verify(String token) throws JwtVerifier.InvalidToken {
    SignedJWT jwt;
    JWTClaimsSet claims;
    try {
      jwt = SignedJWT.parse(token);
      claims = jwt.getJWTClaimsSet();
    } catch (ParseException e) {
      throw new JwtVerifier.InvalidToken("the session token is not a signed JWT");
    }
    var header = jwt.getHeader();
    if (!JWSAlgorithm.HS256.equals(header.getAlgorithm()) || !JOSE_TYPE.equals(header.getType())) {
      throw new JwtVerifier.InvalidToken("the session token is not of this server's kind");
    }
    try {
      if (!jwt.verify(verifier)) {
        throw new JwtVerifier.InvalidToken("the session token's signature does not verify");
      }
    } catch (JOSEException e) {
      throw new JwtVerifier.InvalidToken("the session token's signature cannot be checked");
    }
    try {
      var expiresAt = Optional.ofNullable(claims.getExpirationTime()).map(Date::toInstant);
      var user = claims.getSubject();
      var session = claims.getStringClaim("sid");
      var renewableUntil = claims.getLongClaim("rmax");
      var roles = claims.getStringListClaim("roles");
      var credential = claims.getStringClaim("cred");
      if (!ISSUER.equals(claims.getIssuer())
          || credential == null
          || expiresAt.isEmpty()
          || user == null
          || !USER.matcher(user).matches()
          || session == null
          || !SESSION_ID.matcher(session).matches()
          || renewableUntil == null
          || roles == null) {
        throw new JwtVerifier.InvalidToken("the session token lacks a claim or has a wrong one");
      }
      if (!clock.instant().isBefore(expiresAt.get())) {
        throw new JwtVerifier.InvalidToken("the session token has expired; sign in again");
      }
      var caller =
          new Caller(
              user,
              roles(roles),
              Caller.Mechanism.SESSION,
              expiresAt,
              Optional.of(
                  new Caller.ConsoleSession(session, Instant.ofEpochSecond(renewableUntil))));
      return new Verified(caller, credential);
    } catch (ParseException e) {
      throw new JwtVerifier.InvalidToken("the session token has a claim of the wrong type");
    }
  }

  private static Set<Role> roles(List<String> names) throws JwtVerifier.InvalidToken {
    var roles = EnumSet.noneOf(Role.class);
    for (var name : names) {
      roles.add(
          WireEnum.find(Role.class, name)
              .orElseThrow(
                  () -> new JwtVerifier.InvalidToken("the session token names an unknown role")));
    }
    return roles;
  }
}
