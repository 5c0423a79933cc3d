package io.reveille.tool.control.external;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.Config;

/**
 * External tool settings (README: reveille.tools.external.*): where the declarations are, the
 * classification lists, and the bounds of every call. Out-of-range values stop the start-up.
 */
@ApplicationScoped
public class ExternalToolsConfig {

  static final String PREFIX = "reveille.tools.external.";

  private Optional<String> file;
  private Set<String> readOnlyAllowlist;
  private Set<String> sideEffectDenylist;
  private int maxResponseBytes;
  private Duration staleMargin;
  private int breakerFailureThreshold;
  private Duration breakerOpenFor;

  ExternalToolsConfig() {}

  @Inject
  ExternalToolsConfig(Config config) {
    file =
        config
            .getOptionalValue(PREFIX + "file", String.class)
            .map(String::strip)
            .filter(path -> !path.isEmpty());
    readOnlyAllowlist = names(config, "read-only-allowlist");
    sideEffectDenylist = names(config, "side-effect-denylist");
    maxResponseBytes = bounded(config, "max-response-bytes", 1_048_576, 1024, 16_777_216);
    staleMargin = Duration.ofSeconds(bounded(config, "stale-margin-seconds", 30, 1, 3600));
    breakerFailureThreshold = bounded(config, "breaker.failure-threshold", 5, 1, 1000);
    breakerOpenFor = Duration.ofSeconds(bounded(config, "breaker.open-seconds", 30, 1, 3600));
  }

  /** The declarations' path, empty when no external tools are configured. */
  public Optional<String> file() {
    return file;
  }

  public Set<String> readOnlyAllowlist() {
    return readOnlyAllowlist;
  }

  public Set<String> sideEffectDenylist() {
    return sideEffectDenylist;
  }

  /** The largest response body read; a longer one is cut off and not mapped. */
  public int maxResponseBytes() {
    return maxResponseBytes;
  }

  /**
   * How much longer than its tool's timeout a {@code running} call must be left alone before it
   * counts as abandoned (its node died mid-call) and is reconciled.
   */
  public Duration staleMargin() {
    return staleMargin;
  }

  public int breakerFailureThreshold() {
    return breakerFailureThreshold;
  }

  public Duration breakerOpenFor() {
    return breakerOpenFor;
  }

  private static Set<String> names(Config config, String key) {
    return Arrays.stream(config.getOptionalValue(PREFIX + key, String.class).orElse("").split(","))
        .map(String::strip)
        .filter(name -> !name.isEmpty())
        .collect(Collectors.toUnmodifiableSet());
  }

  private static int bounded(Config config, String key, int fallback, int min, int max) {
    var value = config.getOptionalValue(PREFIX + key, Integer.class).orElse(fallback);
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          PREFIX + key + " must be between " + min + " and " + max + ", was " + value);
    }
    return value;
  }
}
