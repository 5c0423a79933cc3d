package io.reveille.security.control;

import static io.reveille.platform.Settings.within;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How the audit trail counts refusals of requests without a signed-in caller ({@code
 * reveille.audit.*}, docs/operations.md): the window one summary row per client address covers, and
 * how many client addresses a node tracks at once before the rest share one bucket. Checked when
 * the application starts using them.
 */
@ApplicationScoped
public class AuditConfig {

  static final Duration MIN_WINDOW = Duration.ofSeconds(1);
  static final Duration MAX_WINDOW = Duration.ofHours(1);

  private Duration refusalWindow;
  private int refusalClients;

  AuditConfig() {}

  @Inject
  public AuditConfig(
      @ConfigProperty(name = "reveille.audit.refusal-window", defaultValue = "PT1M")
          String refusalWindow,
      @ConfigProperty(name = "reveille.audit.refusal-clients", defaultValue = "10000")
          int refusalClients) {
    this.refusalWindow = window(refusalWindow);
    this.refusalClients =
        (int) within("reveille.audit.refusal-clients", refusalClients, 1, 1_000_000);
  }

  static Duration window(String value) {
    var key = "reveille.audit.refusal-window";
    try {
      var window = Duration.parse(value == null ? "" : value.strip());
      if (window.compareTo(MIN_WINDOW) < 0 || window.compareTo(MAX_WINDOW) > 0) {
        throw new IllegalArgumentException(key + " must be between PT1S and PT1H, was " + value);
      }
      return window;
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          key + " must be an ISO-8601 duration such as PT1M, was " + value, e);
    }
  }

  /** The time one summary row of a client's refusals covers, from its first refusal. */
  public Duration refusalWindow() {
    return refusalWindow;
  }

  /** The most client addresses counted apart; refusals from further ones share one bucket. */
  public int refusalClients() {
    return refusalClients;
  }
}
