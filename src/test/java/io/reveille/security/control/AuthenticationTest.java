package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.TestIdentities;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AuthenticationTest {

  private final UserDirectory users =
      UserDirectory.builder().add("root", "administrator-secret", Role.ADMIN).build();
  private final Optional<JwtVerifier> verifier =
      Optional.of(
          new JwtVerifier(
              new JwtVerifier.Settings(
                  TestIdentities.ISSUER,
                  Set.of(TestIdentities.AUDIENCE),
                  JwtVerifier.Algorithm.RS256,
                  Duration.ofSeconds(60)),
              TrustedKeys.parse(TestIdentities.publicKeyPem(), JwtVerifier.Algorithm.RS256),
              Clock.systemUTC()));

  @Test
  void basicAndBearerEachNameTheirCaller() {
    var basic =
        Authentication.authenticate(
            TestIdentities.basic("root", "administrator-secret"), users, verifier);
    assertEquals("root", basic.caller().orElseThrow().name());
    var bearer =
        Authentication.authenticate(
            TestIdentities.token("tess", "viewer").bearer(), users, verifier);
    assertEquals(TestIdentities.ISSUER + "#tess", bearer.caller().orElseThrow().name());
    assertEquals(Set.of(Role.VIEWER), bearer.caller().orElseThrow().roles());
  }

  @Test
  void everyRefusalSaysWhyAndMarksARefusedToken() {
    var none = Authentication.authenticate(null, users, verifier);
    assertTrue(none.caller().isEmpty() && none.failure().isEmpty());

    var wrong =
        Authentication.authenticate(TestIdentities.basic("root", "guess-guess-1"), users, verifier);
    assertEquals(Optional.of("the user name or password is wrong"), wrong.failure());
    assertFalse(wrong.bearerRefused());

    var stranger =
        Authentication.authenticate(
            TestIdentities.token("tess", "admin").signedByStranger().bearer(), users, verifier);
    assertTrue(stranger.failure().orElseThrow().contains("signature"));
    assertTrue(stranger.bearerRefused());

    var noKey =
        Authentication.authenticate(
            TestIdentities.token("tess", "admin").bearer(), users, Optional.empty());
    assertTrue(noKey.failure().orElseThrow().contains("no verification key"));

    var malformed = Authentication.authenticate("Negotiate abc", users, verifier);
    assertTrue(malformed.failure().orElseThrow().contains("Basic or Bearer"));
  }
}
