package io.reveille.alertness.entity;

import static io.reveille.platform.entity.Guards.required;

import io.reveille.platform.error.InvalidInputException;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Embeddable;
import java.util.Objects;

/**
 * One token a subscription watches, with its class. A value: equal tokens are interchangeable.
 *
 * <p>Stored as rows of {@code agent_subscription_tokens} indexed by {@code (token_class, token)},
 * which is what makes matching a batch cost O(tokens in the batch) rather than O(subscriptions).
 */
@Embeddable
public class SubscriptionToken {

  /** The longest token accepted, the same limit as a notification batch's tokens. */
  public static final int MAX_LENGTH = 256;

  @Convert(converter = TokenClass.Converter.class)
  @Column(name = "token_class", length = 16, nullable = false)
  private TokenClass tokenClass;

  @Column(name = "token", length = MAX_LENGTH, nullable = false)
  private String token;

  protected SubscriptionToken() {}

  private SubscriptionToken(TokenClass tokenClass, String token) {
    this.tokenClass = tokenClass;
    this.token = token;
  }

  /**
   * @throws InvalidInputException for a missing class or a blank or too long token
   */
  public static SubscriptionToken of(TokenClass tokenClass, String token) {
    required("tokenClass", tokenClass);
    if (token == null || token.isBlank() || token.length() > MAX_LENGTH) {
      throw new InvalidInputException(
          tokenClass.wire() + "s",
          "a token must be 1 to " + MAX_LENGTH + " characters and not blank");
    }
    return new SubscriptionToken(tokenClass, token);
  }

  public TokenClass getTokenClass() {
    return tokenClass;
  }

  public String getToken() {
    return token;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SubscriptionToken that
        && tokenClass == that.tokenClass
        && Objects.equals(token, that.token);
  }

  @Override
  public int hashCode() {
    return Objects.hash(tokenClass, token);
  }

  @Override
  public String toString() {
    return tokenClass.wire() + ":" + token;
  }
}
