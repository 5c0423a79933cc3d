package io.reveille.security.control;

import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the API accepts at its edge, before anything reads a request: a body no larger than the
 * limit, a {@code Host} this server answers to (so a DNS-rebinding page cannot talk to it), and no
 * change sent by a browser page of another origin (cross-site request forgery). Each check answers
 * the reason a request is refused, or nothing.
 */
public final class EdgeRules {

  /** The names the server answers to when none are configured: the loopback interface's. */
  public static final Set<String> LOOPBACK_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]");

  private static final Set<String> CHANGES = Set.of("POST", "PUT", "PATCH", "DELETE");

  private final long maxBodyBytes;
  private final Set<String> allowedHosts;
  private final Set<String> allowedOrigins;

  /**
   * @param allowedHosts host names (without port, lower case) the server answers to; {@code *} for
   *     any
   * @param allowedOrigins origins ({@code https://console.example.com}) whose pages may send
   *     changes besides the server's own
   */
  public EdgeRules(long maxBodyBytes, Set<String> allowedHosts, Set<String> allowedOrigins) {
    if (maxBodyBytes < 1) {
      throw new IllegalArgumentException("reveille.http.max-body-bytes must be at least 1");
    }
    this.maxBodyBytes = maxBodyBytes;
    this.allowedHosts = Set.copyOf(allowedHosts);
    this.allowedOrigins = Set.copyOf(allowedOrigins);
  }

  /** A comma-separated setting as a set of trimmed, lower-case, non-empty entries. */
  public static Set<String> list(String setting) {
    return Arrays.stream(setting.split(","))
        .map(s -> s.strip().toLowerCase(Locale.ROOT))
        .filter(s -> !s.isEmpty())
        .collect(Collectors.toUnmodifiableSet());
  }

  public long maxBodyBytes() {
    return maxBodyBytes;
  }

  /** Refuses a declared body length over the limit. */
  public Optional<String> bodyTooLarge(OptionalLong contentLength) {
    if (contentLength.isPresent() && contentLength.getAsLong() > maxBodyBytes) {
      return Optional.of(
          "the request body has "
              + contentLength.getAsLong()
              + " bytes; this server accepts at most "
              + maxBodyBytes);
    }
    return Optional.empty();
  }

  /** Refuses a {@code Host} header naming a host this server does not answer to. */
  public Optional<String> unknownHost(String hostHeader) {
    if (allowedHosts.contains("*")) {
      return Optional.empty();
    }
    var host = hostName(hostHeader);
    if (host.isPresent() && allowedHosts.contains(host.get())) {
      return Optional.empty();
    }
    return Optional.of(
        "this server does not answer to the host this request names; its operator lists the"
            + " names it answers to in reveille.http.allowed-hosts");
  }

  /**
   * Refuses a change a browser sent from another origin: its {@code Origin} is neither the server's
   * own (same scheme, host and port as {@code Host}) nor an allowed one, or the browser itself says
   * the request is cross-site ({@code Sec-Fetch-Site}).
   */
  public Optional<String> crossSiteChange(
      String method, String origin, String secFetchSite, String hostHeader, String scheme) {
    if (!CHANGES.contains(method)) {
      return Optional.empty();
    }
    return crossSite(origin, secFetchSite, hostHeader, scheme);
  }

  /**
   * Refuses any request a browser sent from another origin, as {@link #crossSiteChange} refuses a
   * change: for an endpoint that must check every request whatever its method (an MCP endpoint's
   * event stream, against DNS rebinding).
   */
  public Optional<String> crossSite(
      String origin, String secFetchSite, String hostHeader, String scheme) {
    if (origin != null && !origin.isBlank()) {
      var normalised = origin.strip().toLowerCase(Locale.ROOT);
      var own =
          scheme.toLowerCase(Locale.ROOT) + "://" + hostHeader.strip().toLowerCase(Locale.ROOT);
      if (normalised.equals(own) || allowedOrigins.contains(normalised)) {
        return Optional.empty();
      }
      return Optional.of(
          "a request sent by a page of another origin is refused; allow that origin in"
              + " reveille.http.allowed-origins");
    }
    if ("cross-site".equalsIgnoreCase(secFetchSite)) {
      return Optional.of("a request sent cross-site by a browser is refused");
    }
    return Optional.empty();
  }

  /** The host of a {@code Host} header, lower case, without its port. */
  static Optional<String> hostName(String hostHeader) {
    if (hostHeader == null || hostHeader.isBlank() || hostHeader.length() > 300) {
      return Optional.empty();
    }
    try {
      var uri = new URI("http://" + hostHeader.strip());
      var host = uri.getHost();
      if (host == null || uri.getRawPath() != null && !uri.getRawPath().isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(host.toLowerCase(Locale.ROOT));
    } catch (java.net.URISyntaxException e) {
      return Optional.empty();
    }
  }
}
