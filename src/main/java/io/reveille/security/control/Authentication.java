package io.reveille.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * Who a request's {@code Authorization} header names: HTTP Basic against the built-in users, or a
 * MicroProfile JWT bearer token. Every refusal carries a reason fit for the client, never the
 * credentials themselves.
 */
@ApplicationScoped
public class Authentication {

  /** The outcome: a caller, or why there is none (and whether a bearer token was refused). */
  public record Result(Optional<Caller> caller, Optional<String> failure, boolean bearerRefused) {
    static Result of(Caller caller) {
      return new Result(Optional.of(caller), Optional.empty(), false);
    }

    static Result refused(String reason, boolean bearer) {
      return new Result(Optional.empty(), Optional.of(reason), bearer);
    }
  }

  static final Result NO_CREDENTIALS = new Result(Optional.empty(), Optional.empty(), false);

  @Inject Users users;
  @Inject BearerTokens tokens;

  public Result authenticate(String authorizationHeader) {
    return authenticate(authorizationHeader, users.directory(), tokens.verifier());
  }

  /** The rules, without the container: the header against these users and this verifier. */
  public static Result authenticate(
      String header, UserDirectory directory, Optional<JwtVerifier> verifier) {
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
