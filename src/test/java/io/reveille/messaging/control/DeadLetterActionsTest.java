package io.reveille.messaging.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.platform.error.InvalidInputException;
import org.junit.jupiter.api.Test;

class DeadLetterActionsTest {

  @Test
  void aMessageIdBecomesASelectorOnItAlone() {
    assertEquals(
        "JMSMessageID = 'ID:9993b745-e956-11f1-906f-02fc00000001'",
        DeadLetterActions.selector("ID:9993b745-e956-11f1-906f-02fc00000001"));
  }

  @Test
  void anythingThatCouldWidenTheSelectorIsRefused() {
    for (var bad : new String[] {"ID:x' OR '1'='1", "ID:x y", "", "a".repeat(201), null}) {
      var e = assertThrows(InvalidInputException.class, () -> DeadLetterActions.selector(bad));
      assertEquals("messageId", e.getField());
    }
  }
}
