package io.reveille.security.boundary;

import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.util.Arrays;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Who the caller is, as the server sees the credentials it sent: the console signs in with it and
 * shows only the controls the caller's roles admit.
 */
@Path("me")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Security")
public class CallerResource {

  /** The caller: its principal name, every role it holds (implied ones included) and its scheme. */
  public record CallerResponse(String name, List<String> roles, String mechanism) {}

  @Context SecurityContext security;

  @Allowed(Role.VIEWER)
  @GET
  @Operation(summary = "The signed-in caller: name, roles held (implied ones included), scheme")
  public CallerResponse me() {
    return new CallerResponse(
        security.getUserPrincipal().getName(),
        Arrays.stream(Role.values()).map(Role::wire).filter(security::isUserInRole).toList(),
        security.getAuthenticationScheme().toLowerCase(java.util.Locale.ROOT));
  }
}
