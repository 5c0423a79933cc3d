package io.reveille.security.control;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The public keys bearer tokens are verified with, read from the text MicroProfile JWT accepts: a
 * PEM public key ({@code -----BEGIN PUBLIC KEY-----}), one JWK, or a JWK Set ({@code {"keys":
 * [...]}}) of RSA and P-256 keys.
 */
public final class TrustedKeys implements JwtVerifier.KeySource {

  private static final String NO_KID = "";

  private final Map<String, PublicKey> byKid;

  private TrustedKeys(Map<String, PublicKey> byKid) {
    this.byKid = Map.copyOf(byKid);
  }

  /**
   * The keys {@code text} holds.
   *
   * @throws IllegalArgumentException when the text holds no usable key
   */
  public static TrustedKeys parse(String text, JwtVerifier.Algorithm algorithm) {
    var trimmed = text.strip();
    var keys = new LinkedHashMap<String, PublicKey>();
    try {
      if (trimmed.startsWith("-----BEGIN PUBLIC KEY-----")) {
        keys.put(NO_KID, pem(trimmed, algorithm));
      } else if (trimmed.startsWith("{")) {
        var json = json(trimmed);
        if (json.containsKey("keys")) {
          for (var jwk : json.getJsonArray("keys").getValuesAs(JsonObject.class)) {
            addJwk(keys, jwk);
          }
        } else {
          addJwk(keys, json);
        }
      } else {
        throw new IllegalArgumentException(
            "the token verification key must be a PEM public key, a JWK or a JWK Set");
      }
    } catch (GeneralSecurityException | JsonException | ClassCastException e) {
      throw new IllegalArgumentException(
          "the token verification key cannot be read (" + e.getClass().getSimpleName() + ")", e);
    }
    if (keys.isEmpty()) {
      throw new IllegalArgumentException(
          "the token verification key set holds no RSA or P-256 signing key");
    }
    return new TrustedKeys(keys);
  }

  @Override
  public PublicKey key(Optional<String> keyId) throws JwtVerifier.InvalidToken {
    var only = byKid.size() == 1 ? byKid.values().iterator().next() : null;
    if (keyId.isEmpty()) {
      if (only == null) {
        throw new JwtVerifier.InvalidToken(
            "the token names no key (kid) and this server trusts several");
      }
      return only;
    }
    var named = byKid.get(keyId.get());
    if (named != null) {
      return named;
    }
    if (only != null && byKid.containsKey(NO_KID)) {
      return only; // one key without an id (PEM) verifies whatever id the token names
    }
    throw new JwtVerifier.InvalidToken(
        "the token is signed with a key this server does not trust (kid)");
  }

  public int size() {
    return byKid.size();
  }

  private static JsonObject json(String text) {
    try (var reader = JsonDocuments.provider().createReader(new StringReader(text))) {
      return reader.readObject();
    }
  }

  private static PublicKey pem(String pem, JwtVerifier.Algorithm algorithm)
      throws GeneralSecurityException {
    var body =
        pem.replace("-----BEGIN PUBLIC KEY-----", "")
            .replace("-----END PUBLIC KEY-----", "")
            .replaceAll("\\s", "");
    var der = Base64.getDecoder().decode(body);
    return KeyFactory.getInstance(algorithm.keyType).generatePublic(new X509EncodedKeySpec(der));
  }

  private static void addJwk(Map<String, PublicKey> keys, JsonObject jwk)
      throws GeneralSecurityException {
    if (jwk.containsKey("use") && !"sig".equals(jwk.getString("use", ""))) {
      return;
    }
    var kid = jwk.get("kid") instanceof JsonString s ? s.getString() : NO_KID;
    switch (jwk.getString("kty", "")) {
      case "RSA" ->
          keys.put(
              kid,
              KeyFactory.getInstance("RSA")
                  .generatePublic(new RSAPublicKeySpec(number(jwk, "n"), number(jwk, "e"))));
      case "EC" -> {
        if (!"P-256".equals(jwk.getString("crv", ""))) {
          return;
        }
        var parameters = AlgorithmParameters.getInstance("EC");
        parameters.init(new ECGenParameterSpec("secp256r1"));
        var spec = parameters.getParameterSpec(ECParameterSpec.class);
        var point = new ECPoint(number(jwk, "x"), number(jwk, "y"));
        keys.put(
            kid, KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(point, spec)));
      }
      default -> {
        // other key types (oct, OKP) cannot verify RS256 or ES256
      }
    }
  }

  private static BigInteger number(JsonObject jwk, String member) {
    return new BigInteger(1, Base64.getUrlDecoder().decode(jwk.getString(member)));
  }
}
