package io.reveille.security.control;

import io.reveille.platform.error.InvalidInputException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Logger;

/**
 * The console's session tokens: a password exchanged once for a short-lived signed token, which the
 * console then sends as {@code Authorization: Bearer} instead of the password (no cookie, so
 * nothing a browser sends on its own and no cross-site request forgery). A token expires {@code
 * reveille.console.session-ttl} after it was issued; the console renews it with the token itself,
 * up to {@code reveille.console.session-max-lifetime} after the sign-in, when the password is asked
 * for again.
 *
 * <p>Valid on every node: the signing key is generated once, by the first node that needs it, and
 * kept in the database every node shares ({@link SessionKeys}), so no secret has to be distributed
 * and no configuration can differ between nodes. Sign-out is recorded there too, so every node
 * refuses a signed-out session's tokens; the record goes once they would all have expired.
 *
 * <p>A token carries the user and the roles as they were at sign-in, and is refused when the user's
 * roles are not the same any more (or the user is gone): roles change only with the configuration,
 * and a token must not keep a role its user lost, nor silently gain one. It is bound to the
 * password it was issued for too (a fingerprint keyed with the signing key): changing a leaked
 * password ends the sessions signed in with it.
 */
@ApplicationScoped
public class SessionTokens {

  private static final Logger LOG = Logger.getLogger(SessionTokens.class.getName());

  /** What a request with the wrong kind of credential names as the offending input. */
  private static final String HEADER = "Authorization";

  @Inject SessionKeys keys;
  @Inject SessionTokenConfig config;
  @Inject Users users;
  @Inject Clock clock;

  private volatile SessionTokenCodec codec;

  /**
   * A new console session for a caller who signed in with a password, and its first token, valid
   * for the configured lifetime or the shorter {@code lifetime} the client asked for.
   *
   * @throws InvalidInputException when the caller presented no password
   */
  public SessionTokenCodec.Issued signIn(Caller caller, Optional<Duration> lifetime) {
    if (caller.mechanism() != Caller.Mechanism.BASIC) {
      throw new InvalidInputException(
          HEADER,
          "a session token is issued for a user's password (HTTP Basic) only; a bearer token is"
              + " used as it is");
    }
    var now = clock.instant();
    var settings = config.settings();
    var session =
        new Caller.ConsoleSession(
            UUID.randomUUID().toString(),
            Instant.ofEpochSecond(now.plus(settings.maxLifetime()).getEpochSecond()));
    var ttl = lifetime.filter(l -> l.compareTo(settings.ttl()) < 0).orElse(settings.ttl());
    return codec().issue(caller.name(), caller.roles(), session, now.plus(ttl), credential(caller));
  }

  /**
   * A fresh token of the caller's console session, expiring a lifetime from now but not after the
   * session's renewal limit.
   *
   * @throws InvalidInputException when the caller presented no session token
   */
  public SessionTokenCodec.Issued renew(Caller caller) {
    var session = session(caller, "renewed");
    var expiresAt = clock.instant().plus(config.settings().ttl());
    if (expiresAt.isAfter(session.renewableUntil())) {
      expiresAt = session.renewableUntil();
    }
    return codec().issue(caller.name(), caller.roles(), session, expiresAt, credential(caller));
  }

  /** The fingerprint of the caller's password now. */
  private String credential(Caller caller) {
    var digest =
        users
            .directory()
            .passwordDigest(caller.name())
            .orElseThrow(() -> new IllegalStateException("a signed-in caller is a user"));
    return codec().fingerprint(digest);
  }

  /**
   * Signs the caller's console session out: every node refuses its tokens from now on.
   *
   * @throws InvalidInputException when the caller presented no session token
   */
  public void signOut(Caller caller) {
    var session = session(caller, "signed out");
    keys.revoke(session.id(), caller.name(), clock.instant(), session.renewableUntil());
  }

  /**
   * The caller a session token names: signed with the shared key, not expired, not signed out, and
   * its user still holding the roles and the password it held at sign-in.
   *
   * @throws JwtVerifier.InvalidToken naming the first defect found
   */
  public Caller verify(String token) throws JwtVerifier.InvalidToken {
    var codec = codec();
    var verified = codec.verify(token);
    var caller = verified.caller();
    var directory = users.directory();
    var roles = directory.roles(caller.name());
    var digest = directory.passwordDigest(caller.name());
    if (roles.isEmpty()
        || !roles.get().equals(caller.roles())
        || !MessageDigest.isEqual(
            codec.fingerprint(digest.orElseThrow()).getBytes(StandardCharsets.US_ASCII),
            verified.credential().getBytes(StandardCharsets.US_ASCII))) {
      throw new JwtVerifier.InvalidToken(
          "the user's roles or password are not those of the sign-in any more; sign in again");
    }
    if (keys.revoked(caller.consoleSession().orElseThrow().id())) {
      throw new JwtVerifier.InvalidToken("the session has been signed out; sign in again");
    }
    return caller;
  }

  /** Whether the console session {@code sessionId} has been signed out (on any node). */
  public boolean signedOut(String sessionId) {
    return keys.revoked(sessionId);
  }

  private static Caller.ConsoleSession session(Caller caller, String what) {
    return caller
        .consoleSession()
        .orElseThrow(
            () ->
                new InvalidInputException(
                    HEADER,
                    "only a console session token can be "
                        + what
                        + "; sign in with POST /api/session-tokens"));
  }

  /** The codec with the shared key, read (or created) on first use and kept. */
  private SessionTokenCodec codec() {
    var known = codec;
    if (known == null) {
      synchronized (this) {
        known = codec;
        if (known == null) {
          known = new SessionTokenCodec(Base64.getDecoder().decode(sharedKey()), clock);
          codec = known;
        }
      }
    }
    return known;
  }

  private String sharedKey() {
    var existing = keys.signingKey();
    if (existing.isPresent()) {
      return existing.get();
    }
    var bytes = new byte[SessionTokenCodec.KEY_BYTES];
    new SecureRandom().nextBytes(bytes);
    var created = Base64.getEncoder().encodeToString(bytes);
    try {
      keys.createSigningKey(created, clock.instant());
      LOG.info("Created the signing key of console session tokens, shared by every node");
      return created;
    } catch (RuntimeException anotherNodeWasFirst) {
      return keys.signingKey()
          .orElseThrow(
              () ->
                  new IllegalStateException(
                      "the signing key of console session tokens could neither be created nor"
                          + " read",
                      anotherNodeWasFirst));
    }
  }
}
