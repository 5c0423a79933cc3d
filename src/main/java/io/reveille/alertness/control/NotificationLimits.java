package io.reveille.alertness.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The configured bounds on one notification batch (docs/operations.md, configuration:
 * reveille.notifications.*).
 */
@ApplicationScoped
public class NotificationLimits {

  private int maxTokens;
  private int maxTokenLength;
  private int maxEntities;

  NotificationLimits() {}

  @Inject
  NotificationLimits(
      @ConfigProperty(name = "reveille.notifications.max-tokens") int maxTokens,
      @ConfigProperty(name = "reveille.notifications.max-token-length") int maxTokenLength,
      @ConfigProperty(name = "reveille.notifications.max-entities") int maxEntities) {
    this.maxTokens = requirePositive("reveille.notifications.max-tokens", maxTokens);
    this.maxTokenLength =
        requirePositive("reveille.notifications.max-token-length", maxTokenLength);
    this.maxEntities = requirePositive("reveille.notifications.max-entities", maxEntities);
  }

  public static NotificationLimits of(int maxTokens, int maxTokenLength, int maxEntities) {
    return new NotificationLimits(maxTokens, maxTokenLength, maxEntities);
  }

  private static int requirePositive(String key, int value) {
    if (value <= 0) {
      throw new IllegalArgumentException(key + " must be a positive integer, was " + value);
    }
    return value;
  }

  public int maxTokens() {
    return maxTokens;
  }

  public int maxTokenLength() {
    return maxTokenLength;
  }

  public int maxEntities() {
    return maxEntities;
  }
}
