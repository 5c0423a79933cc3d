package io.reveille.tool.control.question;

import io.reveille.platform.Settings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.microprofile.config.Config;

/**
 * How long a question waits for its answer: {@code reveille.questions.expire-after-seconds} when
 * the agent names no time (a day by default), and the least an agent may name, {@code
 * reveille.questions.min-expire-after-seconds} (a minute); at most {@value #MAX_SECONDS} s either
 * way. Checked when the application starts.
 */
@ApplicationScoped
public class QuestionConfig {

  static final String EXPIRE_AFTER = "reveille.questions.expire-after-seconds";
  static final String MIN_EXPIRE_AFTER = "reveille.questions.min-expire-after-seconds";

  /** Thirty days. */
  public static final long MAX_SECONDS = 2_592_000;

  private Duration expireAfter;
  private Duration minExpireAfter;

  QuestionConfig() {}

  @Inject
  QuestionConfig(Config config) {
    this(key -> config.getOptionalValue(key, String.class));
  }

  QuestionConfig(Function<String, Optional<String>> lookup) {
    var min = seconds(lookup, MIN_EXPIRE_AFTER, 60, 1);
    minExpireAfter = Duration.ofSeconds(min);
    expireAfter = Duration.ofSeconds(seconds(lookup, EXPIRE_AFTER, 86_400, min));
  }

  private static long seconds(
      Function<String, Optional<String>> lookup, String key, long fallback, long min) {
    var text = lookup.apply(key).map(String::strip).filter(value -> !value.isEmpty());
    if (text.isEmpty()) {
      return Settings.within(key, fallback, min, MAX_SECONDS);
    }
    try {
      return Settings.within(key, Long.parseLong(text.get()), min, MAX_SECONDS);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a whole number of seconds, was " + text);
    }
  }

  /** How long a question waits when the agent names no time. */
  public Duration expireAfter() {
    return expireAfter;
  }

  /** The least time an agent may give a person to answer. */
  public Duration minExpireAfter() {
    return minExpireAfter;
  }
}
