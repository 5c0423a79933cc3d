package io.reveille.security.control;

import io.reveille.platform.LogText;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Who a request's {@code Authorization} header names: HTTP Basic against the built-in users, or a
 * bearer token: the console's session token ({@link SessionTokens}) when its header says it is one,
 * else a MicroProfile JWT of the configured identity provider. Every refusal carries a reason fit
 * for the client, never the credentials themselves. Password attempts pass the {@link
 * LoginThrottle} first, and each failed one is logged with the user it named (when that is a user:
 * a name that is none is often a password typed into the wrong field, so it is not written down).
 */
@ApplicationScoped
public class Authentication {

  private static final Logger LOG = Logger.getLogger(Authentication.class.getName());

  /**
   * The outcome: a caller, or why there is none (whether a bearer token was refused, and when the
   * client may try again if password attempts from it are being slowed).
   */
  public record Result(
      Optional<Caller> caller,
      Optional<String> failure,
      boolean bearerRefused,
      Optional<Duration> retryAfter) {
    static Result of(Caller caller) {
      return new Result(Optional.of(caller), Optional.empty(), false, Optional.empty());
    }

    static Result refused(String reason, boolean bearer) {
      return new Result(Optional.empty(), Optional.of(reason), bearer, Optional.empty());
    }

    static Result throttled(Duration retryAfter) {
      return new Result(
          Optional.empty(),
          Optional.of(
              "too many failed sign-ins from this client; try again in "
                  + retryAfterSeconds(retryAfter)
                  + " s"),
          false,
          Optional.of(retryAfter));
    }

    /** The whole seconds of a {@code Retry-After}: the wait rounded up, at least one. */
    public static long retryAfterSeconds(Duration retryAfter) {
      var seconds = retryAfter.getSeconds() + (retryAfter.getNano() > 0 ? 1 : 0);
      return Math.max(1, seconds);
    }
  }

  /** Waits out the hold of an attempt that came early; the container's sleeps, a test's records. */
  @FunctionalInterface
  public interface Pause {
    void hold(Duration duration);
  }

  static final Result NO_CREDENTIALS =
      new Result(Optional.empty(), Optional.empty(), false, Optional.empty());

  /** Verifies a console session token. */
  @FunctionalInterface
  public interface SessionCheck {
    Caller verify(String token) throws JwtVerifier.InvalidToken;
  }

  /** Where no session tokens are issued (the rules' tests without them). */
  static final SessionCheck NO_SESSIONS =
      token -> {
        throw new JwtVerifier.InvalidToken("this server issues no session tokens");
      };

  @Inject Users users;
  @Inject BearerTokens tokens;
  @Inject SessionTokens sessions;
  @Inject LoginThrottle throttle;

  /** Authenticates a request from {@code clientAddress}, whose password attempts are throttled. */
  public Result authenticate(String authorizationHeader, String clientAddress) {
    return authenticate(
        authorizationHeader,
        clientAddress,
        users.directory(),
        tokens.verifier(),
        sessions::verify,
        throttle,
        Authentication::sleep);
  }

  /** The rules with the throttle, where no session tokens are issued. */
  public static Result authenticate(
      String header,
      String clientAddress,
      UserDirectory directory,
      Optional<JwtVerifier> verifier,
      LoginThrottle throttle,
      Pause pause) {
    return authenticate(header, clientAddress, directory, verifier, NO_SESSIONS, throttle, pause);
  }

  /**
   * The rules with the throttle: a Basic attempt the throttle refuses checks no password; one it
   * holds is checked after {@code pause}; a failed one is logged.
   */
  public static Result authenticate(
      String header,
      String clientAddress,
      UserDirectory directory,
      Optional<JwtVerifier> verifier,
      SessionCheck sessions,
      LoginThrottle throttle,
      Pause pause) {
    if (header == null
        || header.isBlank()
        || !(PresentedCredentials.parse(header) instanceof PresentedCredentials.Basic basic)) {
      return authenticate(header, directory, verifier, sessions);
    }
    var verdict = throttle.attempt(clientAddress, basic.user(), basic.password());
    if (verdict instanceof LoginThrottle.Refuse refuse) {
      return Result.throttled(refuse.retryAfter());
    }
    var check = (LoginThrottle.Check) verdict;
    Result result = null;
    try {
      if (!check.hold().isZero()) {
        pause.hold(check.hold());
      }
      result = authenticate(header, directory, verifier, sessions);
    } finally {
      if (result != null && result.caller().isPresent()) {
        throttle.succeeded(check.ticket());
      } else {
        logFailure(basic.user(), clientAddress, directory, throttle.failed(check.ticket()));
      }
    }
    return result;
  }

  private static void logFailure(
      String user, String clientAddress, UserDirectory directory, LoginThrottle.Failure failure) {
    var who =
        directory.names().contains(user)
            ? "as " + LogText.quoted(user)
            : "with a name that is no user's (not written down: it may be a password)";
    LOG.warning(
        () ->
            "Failed sign-in "
                + who
                + " from "
                + LogText.quoted(clientAddress)
                + ": "
                + failure.inARow()
                + " in a row from this client"
                + (failure.nextWait().isZero()
                    ? ""
                    : "; the next attempt from it waits "
                        + failure.nextWait().truncatedTo(ChronoUnit.MILLIS)));
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis(), duration.toNanosPart() % 1_000_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The rules, without the container or the throttle: the header against these users and this
   * verifier.
   */
  public static Result authenticate(
      String header, UserDirectory directory, Optional<JwtVerifier> verifier) {
    return authenticate(header, directory, verifier, NO_SESSIONS);
  }

  /**
   * The rules, without the container or the throttle: the header against these users, this verifier
   * and these session tokens.
   */
  public static Result authenticate(
      String header,
      UserDirectory directory,
      Optional<JwtVerifier> verifier,
      SessionCheck sessions) {
    if (header == null || header.isBlank()) {
      return NO_CREDENTIALS;
    }
    var presented = PresentedCredentials.parse(header);
    if (presented instanceof PresentedCredentials.Basic basic) {
      return directory
          .authenticate(basic.user(), basic.password())
          .map(Result::of)
          .orElseGet(() -> Result.refused("the user name or password is wrong", false));
    }
    if (presented instanceof PresentedCredentials.Bearer bearer
        && SessionTokenCodec.isSessionToken(bearer.token())) {
      try {
        return Result.of(sessions.verify(bearer.token()));
      } catch (JwtVerifier.InvalidToken e) {
        return Result.refused(e.getMessage(), true);
      }
    }
    if (presented instanceof PresentedCredentials.Bearer bearer) {
      if (verifier.isEmpty()) {
        return Result.refused(
            "this server accepts no bearer tokens: no verification key is configured", true);
      }
      try {
        return Result.of(verifier.get().verify(bearer.token()));
      } catch (JwtVerifier.InvalidToken e) {
        return Result.refused(e.getMessage(), true);
      }
    }
    return Result.refused(((PresentedCredentials.Malformed) presented).reason(), false);
  }
}
