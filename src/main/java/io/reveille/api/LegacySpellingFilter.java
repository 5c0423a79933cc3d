package io.reveille.api;

import io.reveille.platform.wire.LegacySpellings;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;

/**
 * Answers a request that used an old spelling of a wire value ({@code "status": "OPEN"}, {@code
 * reason=timer_catchup}) with a {@code Deprecation} header (RFC 9745), while the request itself
 * succeeds: old spellings are accepted for one release. The server serves no documentation to link
 * to; {@code GET /api/meta/enums} lists the current spellings.
 *
 * <p>Why a thread-local underneath: the spellings are parsed in resources and services that know
 * nothing of HTTP. This works because every resource of the API runs synchronously on the thread
 * that ran the request filter; the response filter runs on it too, also for mapped exceptions. An
 * asynchronous resource would lose the header, not the request.
 */
@Provider
@PreMatching
public class LegacySpellingFilter implements ContainerRequestFilter, ContainerResponseFilter {

  /** When the old spellings were deprecated, 2026-11-28T00:00:00Z, as RFC 9745 writes it. */
  static final String DEPRECATED_SINCE = "@1795824000";

  @Override
  public void filter(ContainerRequestContext request) {
    LegacySpellings.listen();
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    var heard = LegacySpellings.take();
    if (heard.isEmpty()) {
      return;
    }
    response.getHeaders().putSingle("Deprecation", DEPRECATED_SINCE);
  }
}
