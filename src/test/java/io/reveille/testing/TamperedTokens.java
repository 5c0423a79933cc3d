package io.reveille.testing;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Compact JWTs changed after signing, for tests that a verifier refuses them. */
public final class TamperedTokens {

  private TamperedTokens() {}

  /** {@code token} with {@code from} replaced by {@code to} in its claims, its signature kept. */
  public static String withClaims(String token, String from, String to) {
    var parts = token.split("\\.");
    var claims =
        new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
            .replace(from, to);
    return parts[0]
        + "."
        + Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(claims.getBytes(StandardCharsets.UTF_8))
        + "."
        + parts[2];
  }
}
