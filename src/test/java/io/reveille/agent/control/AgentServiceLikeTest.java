package io.reveille.agent.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class AgentServiceLikeTest {

  @Test
  void wildcardsAndTheEscapeCharacterAreMatchedLiterally() {
    assertEquals("plain", AgentService.likeLiteral("plain"));
    assertEquals("50\\%\\_off", AgentService.likeLiteral("50%_off"));
    assertEquals("a\\\\b", AgentService.likeLiteral("a\\b"));
    assertEquals("\\\\\\%", AgentService.likeLiteral("\\%"));
  }
}
