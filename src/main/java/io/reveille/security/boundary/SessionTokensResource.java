package io.reveille.security.boundary;

import io.reveille.security.control.Caller;
import io.reveille.security.control.Role;
import io.reveille.security.control.SessionTokenCodec;
import io.reveille.security.control.SessionTokens;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The console's sign-in, renewal and sign-out: a user's password (HTTP Basic, through the login
 * throttle like every password) is exchanged once for a short-lived session token, which the
 * console keeps instead of the password and renews with itself; signing out revokes the session on
 * every node.
 */
@Path("session-tokens")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Security")
public class SessionTokensResource {

  /**
   * A sign-in: optionally a lifetime shorter than {@code reveille.console.session-ttl}, for a
   * client that wants its token to expire sooner.
   */
  public record SignInRequest(@Min(1) @Max(3600) Integer lifetimeSeconds) {}

  /**
   * A session token: the bearer token to send, when it was issued and expires (a client renews it
   * after half its lifetime, counted from the difference, so that its own clock does not matter),
   * until when it can be renewed, and who it signs in (the user and roles as they are now).
   */
  public record SessionTokenResponse(
      String token,
      Instant issuedAt,
      Instant expiresAt,
      Instant renewableUntil,
      String name,
      List<String> roles) {

    static SessionTokenResponse of(SessionTokenCodec.Issued issued, Caller caller) {
      return new SessionTokenResponse(
          issued.token(),
          issued.issuedAt(),
          issued.expiresAt(),
          issued.session().renewableUntil(),
          caller.name(),
          caller.roles().stream().map(Role::wire).sorted().toList());
    }
  }

  @Inject SessionTokens tokens;
  @Context SecurityContext security;

  @Allowed(Role.VIEWER)
  @POST
  @Operation(
      summary =
          "Sign in to the console: exchange the user's password (HTTP Basic) for a short-lived"
              + " session token, sent afterwards as 'Authorization: Bearer'")
  public Response signIn(@Valid SignInRequest body) {
    var caller = caller();
    var lifetime =
        Optional.ofNullable(body)
            .map(SignInRequest::lifetimeSeconds)
            .map(seconds -> Duration.ofSeconds(seconds));
    var issued = tokens.signIn(caller, lifetime);
    return fresh(Response.status(Response.Status.CREATED), issued, caller);
  }

  @Allowed(Role.VIEWER)
  @POST
  @Path("renewal")
  @Operation(
      summary =
          "Renew the session token sent: a new token of the same session, expiring a lifetime from"
              + " now but not after the session's renewal limit")
  public Response renew() {
    var caller = caller();
    return fresh(Response.ok(), tokens.renew(caller), caller);
  }

  @Allowed(Role.VIEWER)
  @DELETE
  @Path("current")
  @Operation(summary = "Sign out: the session of the token sent is revoked, on every node, at once")
  public Response signOut() {
    tokens.signOut(caller());
    return Response.noContent().build();
  }

  private Caller caller() {
    return CallerContext.caller(security)
        .orElseThrow(() -> new IllegalStateException("authentication let no caller in"));
  }

  /** The answer carrying a token, which no cache may keep. */
  private static Response fresh(
      Response.ResponseBuilder builder, SessionTokenCodec.Issued issued, Caller caller) {
    var noStore = new CacheControl();
    noStore.setNoStore(true);
    return builder.cacheControl(noStore).entity(SessionTokenResponse.of(issued, caller)).build();
  }
}
