package io.reveille.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JmsBodiesTest {

  @Test
  void theLimitCountsUtf8BytesNotCharacters() {
    for (var text : new String[] {"plain", "größe", "日本語", "emoji 😀 and more", ""}) {
      assertEquals(text.getBytes(StandardCharsets.UTF_8).length, JmsBodies.utf8Length(text), text);
    }
  }
}
