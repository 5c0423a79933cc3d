package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.TamperedTokens;
import io.reveille.testing.TestIdentities;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SessionTokenCodecTest {

  private static final byte[] KEY =
      "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8);
  private static final Caller.ConsoleSession SESSION =
      new Caller.ConsoleSession(
          "6f1c2a4e-3b5d-4c7e-9f80-112233445566", Instant.parse("2026-11-29T12:00:00Z"));

  private static final byte[] PASSWORD_DIGEST = new byte[] {1, 2, 3, 4};

  private final Instant now = Instant.parse("2026-11-29T08:00:00Z");
  private final SessionTokenCodec codec = codecAt(now);

  private static SessionTokenCodec codecAt(Instant instant) {
    return new SessionTokenCodec(KEY, Clock.fixed(instant, ZoneOffset.UTC));
  }

  private SessionTokenCodec.Issued issue() {
    return codec.issue(
        "ann",
        Role.OPERATOR.implied(),
        SESSION,
        now.plus(Duration.ofMinutes(15)),
        codec.fingerprint(PASSWORD_DIGEST));
  }

  @Test
  void aTokenNamesTheUserRolesAndSessionOfItsSignInUntilItExpires() throws Exception {
    var issued = issue();
    assertEquals(now.plus(Duration.ofMinutes(15)), issued.expiresAt());
    assertEquals(now, issued.issuedAt());
    assertTrue(SessionTokenCodec.isSessionToken(issued.token()));

    var verified = codecAt(now.plus(Duration.ofMinutes(14))).verify(issued.token());
    var caller = verified.caller();
    assertEquals(codec.fingerprint(PASSWORD_DIGEST), verified.credential());
    assertFalse(
        codec.fingerprint(PASSWORD_DIGEST).equals(codec.fingerprint(new byte[] {1, 2, 3, 5})),
        "another password, another fingerprint");
    assertEquals("ann", caller.name());
    assertEquals(Set.of(Role.OPERATOR, Role.VIEWER), caller.roles());
    assertEquals(Caller.Mechanism.SESSION, caller.mechanism());
    assertEquals(Optional.of(issued.expiresAt()), caller.acceptedUntil());
    assertEquals(Optional.of(SESSION), caller.consoleSession());

    var late = codecAt(issued.expiresAt());
    var refused = assertThrows(JwtVerifier.InvalidToken.class, () -> late.verify(issued.token()));
    assertTrue(refused.getMessage().contains("expired"), refused.getMessage());
  }

  @Test
  void aTamperedTokenOrOneSignedWithAnotherKeyIsRefused() {
    var token = issue().token();
    var forged = TamperedTokens.withClaims(token, "\"operator\"", "\"admin\"");
    assertRefused(codec, forged, "signature");

    var stranger =
        new SessionTokenCodec(
            "another key, another cluster....".getBytes(StandardCharsets.UTF_8),
            Clock.fixed(now, ZoneOffset.UTC));
    assertRefused(stranger, token, "signature");
  }

  @Test
  void aTokenCannotOutliveItsSessionsRenewalLimit() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            codec.issue(
                "ann",
                Role.VIEWER.implied(),
                SESSION,
                SESSION.renewableUntil().plusSeconds(1),
                "fingerprint"));
  }

  @Test
  void anIdentityProvidersTokenIsNoSessionTokenAndASessionTokenNoIdentityProvidersToken()
      throws Exception {
    var external = TestIdentities.token("ann", "admin").compact();
    assertFalse(SessionTokenCodec.isSessionToken(external));
    assertFalse(SessionTokenCodec.isSessionToken("not.a.token"));
    assertFalse(SessionTokenCodec.isSessionToken("garbage"));

    // Even if it reached the session verifier, an identity provider's token is refused there.
    assertRefused(codec, external, "not of this server's kind");

    var verifier =
        new JwtVerifier(
            new JwtVerifier.Settings(
                TestIdentities.ISSUER,
                Set.of(TestIdentities.AUDIENCE),
                JwtVerifier.Algorithm.RS256,
                Duration.ofSeconds(30)),
            TrustedKeys.parse(TestIdentities.publicKeyPem(), JwtVerifier.Algorithm.RS256),
            Clock.systemUTC());
    assertThrows(JwtVerifier.InvalidToken.class, () -> verifier.verify(issue().token()));
  }

  @Test
  void aShortKeyIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new SessionTokenCodec(new byte[16], Clock.fixed(now, ZoneOffset.UTC)));
  }

  private static void assertRefused(SessionTokenCodec codec, String token, String reason) {
    var refused = assertThrows(JwtVerifier.InvalidToken.class, () -> codec.verify(token));
    assertTrue(refused.getMessage().contains(reason), refused.getMessage());
  }
}
