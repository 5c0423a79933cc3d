package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.TestIdentities;
import jakarta.json.Json;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JwtVerifierTest {

  private final Instant now = Instant.now();
  private final JwtVerifier verifier =
      new JwtVerifier(
          new JwtVerifier.Settings(
              TestIdentities.ISSUER,
              Set.of(TestIdentities.AUDIENCE, "other-audience"),
              JwtVerifier.Algorithm.RS256,
              Duration.ofSeconds(30)),
          TrustedKeys.parse(TestIdentities.publicKeyPem(), JwtVerifier.Algorithm.RS256),
          Clock.fixed(now, ZoneOffset.UTC));

  @Test
  void aValidTokenNamesItsCallerAndTheRolesOfItsGroups() throws Exception {
    var caller = verifier.verify(TestIdentities.token("carol", "operator", "staff").compact());
    assertEquals(TestIdentities.ISSUER + "#carol", caller.name());
    assertEquals(Set.of(Role.OPERATOR, Role.VIEWER), caller.roles());
    assertEquals(Caller.Mechanism.BEARER, caller.mechanism());
  }

  @Test
  void aCallerIsAcceptedUntilItsTokensExpiryPlusTheAllowedSkew() throws Exception {
    var expiry = now.plusSeconds(5);
    var caller =
        verifier.verify(TestIdentities.token("carol", "viewer").expiredAt(expiry).compact());
    assertEquals(
        expiry.plusSeconds(30).getEpochSecond(),
        caller.acceptedUntil().orElseThrow().getEpochSecond());
    assertTrue(caller.consoleSession().isEmpty());
  }

  @Test
  void expiredWrongIssuerWrongAudienceAndBadSignatureAreEachRefusedWithTheirReason() {
    assertRefused(
        TestIdentities.token("carol", "admin").expiredAt(now.minusSeconds(31)).compact(),
        "expired");
    assertRefused(
        TestIdentities.token("carol", "admin").issuer("https://evil.example").compact(), "issuer");
    assertRefused(
        TestIdentities.token("carol", "admin").audience("someone-else").compact(), "audience");
    assertRefused(TestIdentities.token("carol", "admin").signedByStranger().compact(), "signature");
  }

  @Test
  void aTokenWithoutAnAudienceIsRefused() {
    assertRefused(TestIdentities.token("carol", "admin").without("aud").compact(), "(aud)");
  }

  @Test
  void theCallerIsTheIssuersSubjectNeverANameTheUserMayEdit() throws Exception {
    var token =
        TestIdentities.token("248289761001", "operator")
            .claim("upn", "admin")
            .claim("preferred_username", "admin")
            .compact();
    var caller = verifier.verify(token);
    assertEquals(TestIdentities.ISSUER + "#248289761001", caller.name());
    assertRefused(
        TestIdentities.token("carol", "admin").without("sub").compact(), "(exp, iat or sub)");
    assertRefused(TestIdentities.token("carol", "admin").claim("sub", " ").compact(), "(sub)");
  }

  @Test
  void settingsWithoutAnAudienceAreRefused() {
    var refused =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new JwtVerifier.Settings(
                    TestIdentities.ISSUER, Set.of(), JwtVerifier.Algorithm.RS256, Duration.ZERO));
    assertTrue(refused.getMessage().contains("audience"), refused.getMessage());
  }

  @Test
  void withinTheClockSkewAJustExpiredTokenStillCounts() throws Exception {
    var token = TestIdentities.token("carol", "viewer").expiredAt(now.minusSeconds(20)).compact();
    assertEquals(TestIdentities.ISSUER + "#carol", verifier.verify(token).name());
  }

  @Test
  void anUnsignedOrTamperedTokenIsRefused() {
    var token = TestIdentities.token("carol", "viewer").compact();
    var parts = token.split("\\.");
    var encoder = Base64.getUrlEncoder().withoutPadding();
    var none =
        encoder.encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8))
            + "."
            + parts[1]
            + ".";
    assertRefused(none, "'none'");
    var promoted =
        new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
            .replace("\"viewer\"", "\"admin\"");
    assertRefused(
        parts[0]
            + "."
            + encoder.encodeToString(promoted.getBytes(StandardCharsets.UTF_8))
            + "."
            + parts[2],
        "signature");
    assertRefused("not-a-jwt", "not a signed JWT");
    assertRefused("a.b.c", "not base64url");
    assertRefused("WzFd.e30.AA", "not a JSON object");
  }

  @Test
  void es256TokensVerifyAgainstAJwkSetEntryChosenByKeyId() throws Exception {
    var generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"));
    var pair = generator.generateKeyPair();
    var point = ((ECPublicKey) pair.getPublic()).getW();
    var jwks =
        Json.createObjectBuilder()
            .add(
                "keys",
                Json.createArrayBuilder()
                    .add(
                        Json.createObjectBuilder()
                            .add("kty", "EC")
                            .add("crv", "P-256")
                            .add("kid", "k1")
                            .add("use", "sig")
                            .add("x", coordinate(point.getAffineX()))
                            .add("y", coordinate(point.getAffineY())))
                    .add(
                        Json.createObjectBuilder()
                            .add("kty", "oct")
                            .add("kid", "k2")
                            .add("k", "AA")))
            .build()
            .toString();
    var es256 =
        new JwtVerifier(
            new JwtVerifier.Settings(
                "https://idp", Set.of("reveille"), JwtVerifier.Algorithm.ES256, Duration.ZERO),
            TrustedKeys.parse(jwks, JwtVerifier.Algorithm.ES256),
            Clock.fixed(now, ZoneOffset.UTC));
    var encoder = Base64.getUrlEncoder().withoutPadding();
    var header =
        encoder.encodeToString(
            "{\"alg\":\"ES256\",\"kid\":\"k1\"}".getBytes(StandardCharsets.UTF_8));
    var claims =
        Json.createObjectBuilder()
            .add("iss", "https://idp")
            .add("aud", "reveille")
            .add("sub", "dave")
            .add("groups", Json.createArrayBuilder().add("producer"))
            .add("iat", now.getEpochSecond())
            .add("exp", now.plusSeconds(60).getEpochSecond())
            .build()
            .toString();
    var input = header + "." + encoder.encodeToString(claims.getBytes(StandardCharsets.UTF_8));
    var signer = Signature.getInstance("SHA256withECDSAinP1363Format");
    signer.initSign(pair.getPrivate());
    signer.update(input.getBytes(StandardCharsets.US_ASCII));
    var token = input + "." + encoder.encodeToString(signer.sign());

    var caller = es256.verify(token);
    assertEquals("https://idp#dave", caller.name());
    assertEquals(Set.of(Role.PRODUCER), caller.roles());

    var unknownKid =
        encoder.encodeToString(
                "{\"alg\":\"ES256\",\"kid\":\"k9\"}".getBytes(StandardCharsets.UTF_8))
            + token.substring(token.indexOf('.'));
    var refused = assertThrows(JwtVerifier.InvalidToken.class, () -> es256.verify(unknownKid));
    assertTrue(refused.getMessage().contains("does not trust"), refused.getMessage());
  }

  @Test
  void unreadableKeysStopTheConfigurationWithAReason() {
    var notAKey =
        assertThrows(
            IllegalArgumentException.class,
            () -> TrustedKeys.parse("hello", JwtVerifier.Algorithm.RS256));
    assertTrue(notAKey.getMessage().contains("PEM public key, a JWK or a JWK Set"));
    assertThrows(
        IllegalArgumentException.class,
        () -> TrustedKeys.parse("{\"keys\":[]}", JwtVerifier.Algorithm.RS256));
    assertThrows(
        IllegalArgumentException.class,
        () -> TrustedKeys.parse("{\"keys\":[", JwtVerifier.Algorithm.RS256));
  }

  private void assertRefused(String token, String reason) {
    var refused = assertThrows(JwtVerifier.InvalidToken.class, () -> verifier.verify(token));
    assertTrue(refused.getMessage().contains(reason), refused.getMessage());
    assertFalse(refused.getMessage().contains("carol"), "the reason never echoes the token");
  }

  private static String coordinate(BigInteger value) {
    var bytes = value.toByteArray();
    var fixed = new byte[32];
    var from = Math.max(0, bytes.length - 32);
    var length = bytes.length - from;
    System.arraycopy(bytes, from, fixed, 32 - length, length);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(fixed);
  }
}
