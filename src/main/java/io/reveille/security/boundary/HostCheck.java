package io.reveille.security.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Optional;

/**
 * The API's host rule for what is served beside it (the console's files, the OpenAPI document, the
 * metrics): a request naming a host this server does not answer to ({@code
 * reveille.http.allowed-hosts}; DNS rebinding) is misdirected, 421.
 */
@ApplicationScoped
public class HostCheck {

  @Inject EdgeSettings settings;

  /**
   * Whether the request names a host this server does not answer to: the authority the container
   * read from {@code Host} (HTTP/1.1) or {@code :authority} (HTTP/2).
   */
  public boolean misdirected(HttpServletRequest request) {
    try {
      var host =
          Optional.ofNullable(URI.create(request.getRequestURL().toString()).getRawAuthority())
              .orElse("");
      return settings.rules().unknownHost(host).isPresent();
    } catch (IllegalArgumentException e) {
      // A Host that does not even make an address names no host this server answers to.
      return true;
    }
  }
}
