package io.reveille.security.boundary;

import io.reveille.api.LimitedInputStream;
import io.reveille.api.Problem;
import io.reveille.security.control.EdgeRules;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The API's edge, before authentication: a body over {@code reveille.http.max-body-bytes} is a 413
 * (declared or found while reading), a {@code Host} outside {@code reveille.http.allowed-hosts} a
 * 421, a change a browser page of another origin sent a 403. Every response says it is not to be
 * sniffed, framed, cached or given a referrer, and carries a policy that lets a browser run nothing
 * from it. No CORS headers are ever sent.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION - 50)
public class EdgeFilter implements ContainerRequestFilter, ContainerResponseFilter {

  @Inject EdgeSettings settings;

  private EdgeRules rules;

  @PostConstruct
  void init() {
    rules = settings.rules();
  }

  @Override
  public void filter(ContainerRequestContext request) {
    // The authority the container read from Host (HTTP/1.1) or :authority (HTTP/2).
    var requestUri = request.getUriInfo().getRequestUri();
    var authority =
        Optional.ofNullable(requestUri.getRawAuthority())
            .orElse(Optional.ofNullable(request.getHeaderString(HttpHeaders.HOST)).orElse(""));
    var refusal =
        rules
            .unknownHost(authority)
            .map(reason -> Problem.of(421, "Misdirected request", reason))
            .or(
                () ->
                    rules
                        .bodyTooLarge(contentLength(request))
                        .map(reason -> Problem.of(413, "Payload too large", reason)))
            .or(
                () ->
                    rules
                        .crossSiteChange(
                            request.getMethod(),
                            request.getHeaderString("Origin"),
                            request.getHeaderString("Sec-Fetch-Site"),
                            Optional.ofNullable(request.getHeaderString(HttpHeaders.HOST))
                                .orElse(""),
                            request.getUriInfo().getRequestUri().getScheme())
                        .map(reason -> Problem.of(403, "Forbidden", reason)));
    if (refusal.isPresent()) {
      request.abortWith(refusal.get().toResponse());
      return;
    }
    if (request.hasEntity()) {
      request.setEntityStream(
          new LimitedInputStream(request.getEntityStream(), rules.maxBodyBytes()));
    }
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    var headers = response.getHeaders();
    var cacheControl = headers.getFirst(HttpHeaders.CACHE_CONTROL);
    protect(headers::putSingle);
    if (cacheControl != null) {
      headers.putSingle(HttpHeaders.CACHE_CONTROL, cacheControl);
    }
  }

  /**
   * The headers every response carries: not to be sniffed, framed, cached or given a referrer, and
   * nothing a browser may run.
   */
  static void protect(java.util.function.BiConsumer<String, Object> header) {
    header.accept("X-Content-Type-Options", "nosniff");
    header.accept("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    header.accept("X-Frame-Options", "DENY");
    header.accept("Referrer-Policy", "no-referrer");
    header.accept(HttpHeaders.CACHE_CONTROL, "no-store");
  }

  private static OptionalLong contentLength(ContainerRequestContext request) {
    var length = request.getLength();
    return length >= 0 ? OptionalLong.of(length) : OptionalLong.empty();
  }
}
