package io.reveille.security.boundary;

import io.reveille.api.Problem;
import io.reveille.security.control.Role;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Authorization, in one place: the operation's {@link Allowed} role against the roles of the caller
 * {@link AuthenticationFilter} established. Runs after matching, so it knows the operation; the
 * authentication filter has already turned away every request without a caller.
 */
@Provider
@Priority(Priorities.AUTHORIZATION)
public class RoleFilter implements ContainerRequestFilter {

  private static final Logger LOG = Logger.getLogger(RoleFilter.class.getName());

  @Context ResourceInfo resource;

  @Override
  public void filter(ContainerRequestContext context) {
    var caller = CallerContext.caller(context);
    if (caller.isEmpty()) {
      context.abortWith(Problem.of(401, "Unauthorized", "this API needs credentials").toResponse());
      return;
    }
    var method = resource.getResourceMethod();
    var required = required(method, resource.getResourceClass());
    if (required.isEmpty()) {
      LOG.severe(
          () ->
              "REST operation "
                  + resource.getResourceClass().getName()
                  + "."
                  + (method == null ? "?" : method.getName())
                  + " names no role (@Allowed): refused to everyone");
      context.abortWith(
          Problem.of(403, "Forbidden", "this operation is not open to any role").toResponse());
      return;
    }
    if (!caller.get().holds(required.get())) {
      context.abortWith(
          forbidden(caller.get().roles(), required.get(), "this operation").toResponse());
    }
  }

  /** The role an operation requires: the method's own, else its class's. */
  public static Optional<Role> required(Method method, Class<?> type) {
    var onMethod = method == null ? null : method.getAnnotation(Allowed.class);
    if (onMethod != null) {
      return Optional.of(onMethod.value());
    }
    var onType = type == null ? null : type.getAnnotation(Allowed.class);
    return Optional.ofNullable(onType).map(Allowed::value);
  }

  static Problem forbidden(Set<Role> roles, Role required, String what) {
    var held =
        roles.isEmpty()
            ? "no Reveille role"
            : roles.stream()
                .map(Role::wire)
                .sorted()
                .collect(Collectors.joining(", ", "roles ", ""));
    return Problem.of(
        403, "Forbidden", what + " needs role " + required.wire() + "; the caller holds " + held);
  }
}
