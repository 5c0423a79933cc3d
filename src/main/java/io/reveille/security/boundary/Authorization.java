package io.reveille.security.boundary;

import io.reveille.api.Problem;
import io.reveille.security.control.Actor;
import io.reveille.security.control.Caller;
import io.reveille.security.control.Role;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.util.EnumSet;
import java.util.Optional;

/**
 * A role check inside an operation, for the few whose least role depends on the request (a tool
 * call that only previews needs {@code operator}, one that applies its effects {@code admin}). The
 * refusal is the same 403 problem {@link RoleFilter} gives.
 */
public final class Authorization {

  private Authorization() {}

  /** A 403 response when the request's caller does not hold {@code role}, else empty. */
  public static Optional<Response> refusal(SecurityContext security, Role role, String what) {
    if (security.getUserPrincipal() == null) {
      return Optional.of(
          Problem.of(401, "Unauthorized", "this API needs credentials").toResponse());
    }
    if (security.isUserInRole(role.wire())) {
      return Optional.empty();
    }
    var held = EnumSet.noneOf(Role.class);
    for (var each : Role.values()) {
      if (security.isUserInRole(each.wire())) {
        held.add(each);
      }
    }
    return Optional.of(RoleFilter.forbidden(held, role, what).toResponse());
  }

  /** The name of the request's caller, {@code anonymous} without one: who decided or answered. */
  public static String name(SecurityContext security) {
    var principal = security.getUserPrincipal();
    return principal == null ? "anonymous" : principal.getName();
  }

  /**
   * The request's caller as authentication established it (how it signed in, until when its
   * credential is accepted); empty without a caller.
   */
  public static Optional<Caller> caller(SecurityContext security) {
    return CallerContext.caller(security);
  }

  /**
   * The request's caller as an {@link Actor}: their name and the strongest role they hold; empty
   * without a caller.
   */
  public static Optional<Actor> actor(SecurityContext security) {
    var principal = security.getUserPrincipal();
    if (principal == null) {
      return Optional.empty();
    }
    var held = EnumSet.noneOf(Role.class);
    for (var each : Role.values()) {
      if (security.isUserInRole(each.wire())) {
        held.add(each);
      }
    }
    return Role.strongest(held).map(role -> new Actor(principal.getName(), role));
  }
}
