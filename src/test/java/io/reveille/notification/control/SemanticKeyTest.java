package io.reveille.notification.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.testing.ShippedConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

class SemanticKeyTest {

  @Test
  void theConsumerClassifiesExactlyTheKeysReveillesProducersAnnounce() {
    var shipped = ShippedConfig.properties();
    assertEquals(
        SemanticKey.ALL,
        List.of(shipped.getProperty("reveille.alertness.semantic-keys").split(",")));
  }
}
