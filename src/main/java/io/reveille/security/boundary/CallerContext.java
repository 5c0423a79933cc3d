package io.reveille.security.boundary;

import io.reveille.platform.wire.WireEnum;
import io.reveille.security.control.Caller;
import io.reveille.security.control.Role;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.Optional;

/**
 * The JAX-RS {@link SecurityContext} of an authenticated request: its principal is the caller's
 * name, {@code isUserInRole} answers for Reveille's roles (implied ones included). Resources that
 * need the caller inject {@code @Context SecurityContext} and ask it (the injected one is a proxy
 * of this, so they ask through the interface, never by type; {@link #caller(SecurityContext)} finds
 * the whole caller through its principal).
 */
public final class CallerContext implements SecurityContext {

  private static final String PROPERTY = CallerContext.class.getName();

  private final Caller caller;
  private final boolean secure;

  private CallerContext(Caller caller, boolean secure) {
    this.caller = caller;
    this.secure = secure;
  }

  /** Makes {@code caller} the request's caller. */
  static void establish(ContainerRequestContext request, Caller caller) {
    var context = new CallerContext(caller, request.getSecurityContext().isSecure());
    request.setProperty(PROPERTY, caller);
    request.setSecurityContext(context);
  }

  /** The caller of a request, once {@link AuthenticationFilter} has let it in. */
  public static Optional<Caller> caller(ContainerRequestContext request) {
    return request.getProperty(PROPERTY) instanceof Caller c ? Optional.of(c) : Optional.empty();
  }

  /** The principal of an authenticated request: the caller's name, and the caller behind it. */
  private record CallerPrincipal(Caller caller) implements Principal {
    @Override
    public String getName() {
      return caller.name();
    }
  }

  /**
   * The caller of a request, as a resource's injected {@link SecurityContext} tells it: how it
   * signed in, until when its credential is accepted, which console session it belongs to.
   */
  public static Optional<Caller> caller(SecurityContext security) {
    return security.getUserPrincipal() instanceof CallerPrincipal principal
        ? Optional.of(principal.caller())
        : Optional.empty();
  }

  @Override
  public Principal getUserPrincipal() {
    return new CallerPrincipal(caller);
  }

  @Override
  public boolean isUserInRole(String role) {
    return WireEnum.find(Role.class, role).map(caller::holds).orElse(false);
  }

  @Override
  public boolean isSecure() {
    return secure;
  }

  @Override
  public String getAuthenticationScheme() {
    return switch (caller.mechanism()) {
      case BASIC -> SecurityContext.BASIC_AUTH;
      case BEARER -> "Bearer";
      case SESSION -> "Session";
    };
  }
}
