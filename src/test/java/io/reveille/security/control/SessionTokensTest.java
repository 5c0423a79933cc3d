package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The rules of console sessions without the container: the shared key and the sign-outs in memory
 * where the server keeps them in the database, the users as the configuration declares them.
 */
class SessionTokensTest {

  private final MovableClock clock = new MovableClock(Instant.parse("2026-11-29T08:00:00Z"));
  private UserDirectory directory = directory("ann-password-1", Role.OPERATOR);
  private final Map<String, Instant> signedOut = new HashMap<>();
  private final SessionTokens tokens = new SessionTokens();

  SessionTokensTest() {
    var shared = new String[1];
    tokens.keys =
        new SessionKeys() {
          @Override
          public Optional<String> signingKey() {
            return Optional.ofNullable(shared[0]);
          }

          @Override
          public void createSigningKey(String secret, Instant at) {
            shared[0] = secret;
          }

          @Override
          public boolean revoked(String sessionId) {
            return signedOut.containsKey(sessionId);
          }

          @Override
          public void revoke(String sessionId, String principal, Instant at, Instant until) {
            signedOut.put(sessionId, until);
          }
        };
    tokens.config = new SessionTokenConfig("PT15M", "PT1H");
    tokens.users =
        new Users() {
          @Override
          public UserDirectory directory() {
            return directory;
          }
        };
    tokens.clock = clock;
  }

  private static UserDirectory directory(String password, Role role) {
    return UserDirectory.builder().add("ann", password, role).build();
  }

  private String signIn() {
    var ann = directory.authenticate("ann", "ann-password-1").orElseThrow();
    return tokens.signIn(ann, Optional.empty()).token();
  }

  @Test
  void aTokenSignsItsUserInUntilSignOut() throws Exception {
    var token = signIn();
    var caller = tokens.verify(token);
    assertEquals("ann", caller.name());
    assertEquals(Role.OPERATOR.implied(), caller.roles());
    assertEquals(Optional.of(clock.instant().plus(Duration.ofMinutes(15))), caller.acceptedUntil());

    tokens.signOut(caller);
    assertRefused(token, "signed out");
    assertEquals(
        Optional.of(clock.instant().plus(Duration.ofHours(1))),
        Optional.ofNullable(signedOut.get(caller.consoleSession().orElseThrow().id())),
        "kept until the session's last token would have expired");
  }

  @Test
  void aTokenIsRefusedOnceItsUsersRolesOrPasswordChangedOrTheUserIsGone() {
    var token = signIn();
    directory = directory("ann-password-1", Role.VIEWER);
    assertRefused(token, "roles or password");
    directory = directory("ann-password-1", Role.ADMIN);
    assertRefused(token, "roles or password");
    directory = directory("ann-password-2", Role.OPERATOR);
    assertRefused(token, "roles or password");
    directory = UserDirectory.builder().add("bob", "bob-password-1", Role.OPERATOR).build();
    assertRefused(token, "roles or password");
  }

  @Test
  void renewalsNeedNoPasswordAndStopAtTheSessionsLimit() throws Exception {
    var first = tokens.verify(signIn());
    clock.advance(Duration.ofMinutes(10));
    var renewed = tokens.verify(tokens.renew(first).token());
    assertEquals(
        Optional.of(clock.instant().plus(Duration.ofMinutes(15))), renewed.acceptedUntil());
    assertEquals(first.consoleSession(), renewed.consoleSession());

    clock.advance(Duration.ofMinutes(45));
    var last = tokens.renew(tokens.verify(tokens.renew(renewed).token()));
    assertEquals(first.consoleSession().orElseThrow().renewableUntil(), last.expiresAt());
  }

  @Test
  void onlyAPasswordBuysASessionAndOnlyASessionTokenIsRenewedOrSignedOut() {
    var bearer = new Caller("https://idp#ann", Role.OPERATOR.implied(), Caller.Mechanism.BEARER);
    assertThrows(InvalidInputException.class, () -> tokens.signIn(bearer, Optional.empty()));
    var basic = directory.authenticate("ann", "ann-password-1").orElseThrow();
    assertThrows(InvalidInputException.class, () -> tokens.renew(basic));
    assertThrows(InvalidInputException.class, () -> tokens.signOut(basic));
  }

  @Test
  void aClientMayAskForAShorterLifetimeButNotALongerOne() throws Exception {
    var ann = directory.authenticate("ann", "ann-password-1").orElseThrow();
    var shorter = tokens.signIn(ann, Optional.of(Duration.ofSeconds(30)));
    assertEquals(clock.instant().plusSeconds(30), shorter.expiresAt());
    var longer = tokens.signIn(ann, Optional.of(Duration.ofHours(1)));
    assertEquals(clock.instant().plus(Duration.ofMinutes(15)), longer.expiresAt());
  }

  private void assertRefused(String token, String reason) {
    var refused = assertThrows(JwtVerifier.InvalidToken.class, () -> tokens.verify(token));
    assertTrue(refused.getMessage().contains(reason), refused.getMessage());
  }
}
