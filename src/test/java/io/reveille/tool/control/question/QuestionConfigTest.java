package io.reveille.tool.control.question;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class QuestionConfigTest {

  private static QuestionConfig config(Map<String, String> settings) {
    return new QuestionConfig(key -> Optional.ofNullable(settings.get(key)));
  }

  @Test
  void aDayByDefaultAndAtLeastAMinute() {
    var defaults = config(Map.of());
    assertEquals(Duration.ofDays(1), defaults.expireAfter());
    assertEquals(Duration.ofMinutes(1), defaults.minExpireAfter());
  }

  @Test
  void settingsOutOfBoundsAreRefusedNamingTheirKey() {
    var tooSoon =
        assertThrows(
            IllegalArgumentException.class,
            () -> config(Map.of(QuestionConfig.EXPIRE_AFTER, "30")));
    assertEquals(
        "reveille.questions.expire-after-seconds must be between 60 and 2592000, was 30",
        tooSoon.getMessage());
    assertEquals(
        Duration.ofSeconds(30),
        config(Map.of(QuestionConfig.MIN_EXPIRE_AFTER, "1", QuestionConfig.EXPIRE_AFTER, "30"))
            .expireAfter());
    assertThrows(
        IllegalArgumentException.class,
        () -> config(Map.of(QuestionConfig.MIN_EXPIRE_AFTER, "soon")));
  }
}
