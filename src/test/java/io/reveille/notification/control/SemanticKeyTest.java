package io.reveille.notification.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SemanticKeyTest {

  @Test
  void theConsumerClassifiesExactlyTheKeysReveillesProducersAnnounce() throws IOException {
    var shipped = new Properties();
    try (var in =
        SemanticKey.class.getResourceAsStream("/META-INF/microprofile-config.properties")) {
      shipped.load(in);
    }
    assertEquals(
        SemanticKey.ALL,
        List.of(shipped.getProperty("reveille.alertness.semantic-keys").split(",")));
  }
}
