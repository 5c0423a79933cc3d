package io.reveille.security.control;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.JSONObjectUtils;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.text.ParseException;
import java.util.Base64;
import java.util.List;

/**
 * The public keys bearer tokens are verified with, read from the text MicroProfile JWT accepts: a
 * PEM public key ({@code -----BEGIN PUBLIC KEY-----}), one JWK, or a JWK Set ({@code {"keys":
 * [...]}}); only the signing keys that fit the configured algorithm are kept (RSA for RS256, P-256
 * for ES256), and only their public parts.
 */
public final class TrustedKeys implements JWKSource<SecurityContext> {

  private static final String PEM_BEGIN = "-----BEGIN PUBLIC KEY-----";

  private final JWKSet keys;
  private final boolean onlyKeyHasNoId;

  private TrustedKeys(JWKSet keys, boolean onlyKeyHasNoId) {
    this.keys = keys;
    this.onlyKeyHasNoId = onlyKeyHasNoId;
  }

  /**
   * The keys {@code text} holds.
   *
   * @throws IllegalArgumentException when the text holds no usable key
   */
  public static TrustedKeys parse(String text, JwtVerifier.Algorithm algorithm) {
    var trimmed = text.strip();
    if (!trimmed.startsWith(PEM_BEGIN) && !trimmed.startsWith("{")) {
      throw new IllegalArgumentException(
          "the token verification key must be a PEM public key, a JWK or a JWK Set");
    }
    JWKSet read;
    try {
      if (trimmed.startsWith(PEM_BEGIN)) {
        read = new JWKSet(pem(trimmed, algorithm));
      } else {
        var json = JSONObjectUtils.parse(trimmed);
        read = json.containsKey("keys") ? JWKSet.parse(json) : new JWKSet(JWK.parse(json));
      }
    } catch (ParseException | GeneralSecurityException | RuntimeException e) {
      throw new IllegalArgumentException(
          "the token verification key cannot be read (" + e.getClass().getSimpleName() + ")", e);
    }
    var usable =
        read.toPublicJWKSet().getKeys().stream().filter(key -> fits(key, algorithm)).toList();
    if (usable.isEmpty()) {
      throw new IllegalArgumentException(
          "the token verification key set holds no "
              + (algorithm == JwtVerifier.Algorithm.RS256 ? "RSA" : "P-256")
              + " signing key");
    }
    return new TrustedKeys(
        new JWKSet(usable), usable.size() == 1 && usable.get(0).getKeyID() == null);
  }

  /**
   * The keys the selector asks for: by the token's key id when it names one. One key without an id
   * (a PEM key always) verifies whatever id the token names.
   */
  @Override
  public List<JWK> get(JWKSelector selector, SecurityContext context) {
    return onlyKeyHasNoId ? keys.getKeys() : selector.select(keys);
  }

  private static boolean fits(JWK key, JwtVerifier.Algorithm algorithm) {
    if (key.getKeyUse() != null && !KeyUse.SIGNATURE.equals(key.getKeyUse())) {
      return false;
    }
    return switch (algorithm) {
      case RS256 -> key instanceof RSAKey;
      case ES256 -> key instanceof ECKey ec && Curve.P_256.equals(ec.getCurve());
    };
  }

  private static JWK pem(String pem, JwtVerifier.Algorithm algorithm)
      throws GeneralSecurityException {
    var body = pem.replace(PEM_BEGIN, "").replace("-----END PUBLIC KEY-----", "");
    var der = new X509EncodedKeySpec(Base64.getMimeDecoder().decode(body));
    return switch (algorithm) {
      case RS256 ->
          new RSAKey.Builder((RSAPublicKey) KeyFactory.getInstance("RSA").generatePublic(der))
              .build();
      case ES256 ->
          new ECKey.Builder(
                  Curve.P_256, (ECPublicKey) KeyFactory.getInstance("EC").generatePublic(der))
              .build();
    };
  }
}
