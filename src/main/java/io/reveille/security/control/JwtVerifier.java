package io.reveille.security.control;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Verifies a MicroProfile JWT bearer token: a compact JWS signed with the configured algorithm
 * (RS256 or ES256) by a trusted key, issued by the configured issuer, for one of the configured
 * audiences, not expired and already valid. The caller is the token's {@code upn} (else {@code
 * preferred_username}, else {@code sub}); its roles come from the {@code groups} claim.
 *
 * <p>Every refusal says what was wrong with the token, never what it contained.
 */
public final class JwtVerifier {

  /** The algorithms MicroProfile JWT 2.1 requires a verifier to support. */
  public enum Algorithm {
    RS256("SHA256withRSA", "RSA"),
    ES256("SHA256withECDSAinP1363Format", "EC");

    final String jcaSignature;
    final String keyType;

    Algorithm(String jcaSignature, String keyType) {
      this.jcaSignature = jcaSignature;
      this.keyType = keyType;
    }
  }

  /** Why a token was refused; the message is fit for the 401 the client receives. */
  public static final class InvalidToken extends Exception {
    private static final long serialVersionUID = 1L;

    public InvalidToken(String message) {
      super(message);
    }
  }

  /** Where the trusted keys come from: a key id (or none) to the key to verify with. */
  @FunctionalInterface
  public interface KeySource {
    /**
     * @throws InvalidToken when no trusted key has that id
     */
    PublicKey key(Optional<String> keyId) throws InvalidToken;
  }

  /** The settings: who may issue tokens, for whom, signed how, and how much clock skew to allow. */
  public record Settings(
      String issuer, Set<String> audiences, Algorithm algorithm, Duration clockSkew) {
    public Settings {
      Objects.requireNonNull(issuer, "issuer");
      if (issuer.isBlank()) {
        throw new IllegalArgumentException("the token issuer must not be blank");
      }
      audiences = Set.copyOf(audiences);
      Objects.requireNonNull(algorithm, "algorithm");
      if (clockSkew.isNegative()) {
        throw new IllegalArgumentException("the clock skew must not be negative");
      }
    }
  }

  private final Settings settings;
  private final KeySource keys;
  private final Clock clock;

  public JwtVerifier(Settings settings, KeySource keys, Clock clock) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.keys = Objects.requireNonNull(keys, "keys");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * The caller a token names.
   *
   * @throws InvalidToken naming the first defect found
   */
  public Caller verify(String token) throws InvalidToken {
    var parts = token.split("\\.", -1);
    if (parts.length != 3) {
      throw new InvalidToken("the bearer token is not a signed JWT (header.payload.signature)");
    }
    var header = object(parts[0], "header");
    var alg = string(header, "alg").orElse("");
    if (!settings.algorithm().name().equals(alg)) {
      throw new InvalidToken(
          "the token is signed with '" + alg + "'; this server accepts " + settings.algorithm());
    }
    var key = keys.key(string(header, "kid"));
    if (!key.getAlgorithm().equals(settings.algorithm().keyType)) {
      throw new InvalidToken("the trusted key does not fit " + settings.algorithm());
    }
    if (!signatureValid(parts, key)) {
      throw new InvalidToken("the token's signature does not verify");
    }
    var claims = object(parts[1], "payload");
    checkTimes(claims);
    var issuer = string(claims, "iss").orElse("");
    if (!settings.issuer().equals(issuer)) {
      throw new InvalidToken("the token is not issued by the issuer this server trusts");
    }
    if (!settings.audiences().isEmpty()
        && audiences(claims).stream().noneMatch(settings.audiences()::contains)) {
      throw new InvalidToken("the token is not meant for this server (audience)");
    }
    var name =
        string(claims, "upn")
            .or(() -> string(claims, "preferred_username"))
            .or(() -> string(claims, "sub"))
            .filter(n -> !n.isBlank())
            .orElseThrow(() -> new InvalidToken("the token names no caller (upn, sub)"));
    if (name.length() > 256) {
      throw new InvalidToken("the token's caller name is longer than 256 characters");
    }
    return new Caller(name, Role.fromGroups(groups(claims)), Caller.Mechanism.BEARER);
  }

  private boolean signatureValid(String[] parts, PublicKey key) throws InvalidToken {
    try {
      var signature = Signature.getInstance(settings.algorithm().jcaSignature);
      signature.initVerify(key);
      signature.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
      return signature.verify(decode(parts[2], "signature"));
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  private void checkTimes(JsonObject claims) throws InvalidToken {
    var now = clock.instant();
    var skew = settings.clockSkew();
    var expires =
        instant(claims, "exp").orElseThrow(() -> new InvalidToken("the token has no expiry (exp)"));
    if (!now.minus(skew).isBefore(expires)) {
      throw new InvalidToken("the token has expired");
    }
    if (instant(claims, "iat").isEmpty()) {
      throw new InvalidToken("the token has no issue time (iat)");
    }
    var notBefore = instant(claims, "nbf");
    if (notBefore.isPresent() && now.plus(skew).isBefore(notBefore.get())) {
      throw new InvalidToken("the token is not valid yet (nbf)");
    }
  }

  private static JsonObject object(String part, String what) throws InvalidToken {
    var json = new String(decode(part, what), StandardCharsets.UTF_8);
    try (var reader = JsonDocuments.provider().createReader(new StringReader(json))) {
      return reader.readObject();
    } catch (RuntimeException e) { // JsonParsingException, JsonException: not one JSON object
      throw new InvalidToken("the token's " + what + " is not a JSON object");
    }
  }

  private static byte[] decode(String part, String what) throws InvalidToken {
    try {
      return Base64.getUrlDecoder().decode(part);
    } catch (IllegalArgumentException e) {
      throw new InvalidToken("the token's " + what + " is not base64url");
    }
  }

  private static Optional<String> string(JsonObject object, String name) {
    var value = object.get(name);
    return value instanceof JsonString s ? Optional.of(s.getString()) : Optional.empty();
  }

  private static Optional<Instant> instant(JsonObject object, String name) throws InvalidToken {
    var value = object.get(name);
    if (value == null) {
      return Optional.empty();
    }
    if (value.getValueType() != JsonValue.ValueType.NUMBER) {
      throw new InvalidToken("the token's '" + name + "' claim is not a number of seconds");
    }
    return Optional.of(Instant.ofEpochSecond(object.getJsonNumber(name).longValue()));
  }

  private static List<String> audiences(JsonObject claims) {
    var aud = claims.get("aud");
    return strings(aud);
  }

  private static List<String> groups(JsonObject claims) {
    return strings(claims.get("groups"));
  }

  private static List<String> strings(JsonValue value) {
    var found = new ArrayList<String>();
    if (value instanceof JsonString s) {
      found.add(s.getString());
    } else if (value != null && value.getValueType() == JsonValue.ValueType.ARRAY) {
      for (var item : value.asJsonArray()) {
        if (item instanceof JsonString s) {
          found.add(s.getString());
        }
      }
    }
    return found;
  }
}
