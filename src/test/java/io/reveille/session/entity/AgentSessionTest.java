package io.reveille.session.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentMode;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.IllegalTransitionException;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AgentSessionTest {

  private static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");
  private static final Instant T1 = T0.plusSeconds(30);

  private static Agent agent(AgentMode mode) {
    return new Agent("agent-1", AgentKind.CUSTOM, "Coach", mode, Set.of(), AgentConfig.empty(), T0);
  }

  private static Agent active(AgentMode mode) {
    var agent = agent(mode);
    agent.activate(T0);
    return agent;
  }

  @Test
  void anActiveInteractiveOrHybridAgentOpensASession() {
    for (var mode : new AgentMode[] {AgentMode.INTERACTIVE, AgentMode.HYBRID}) {
      var session = AgentSession.open("s-1", active(mode), T0);
      assertEquals(SessionStatus.OPEN, session.getStatus());
      assertEquals("agent-1", session.getAgentId());
      assertEquals(T0, session.getCreatedAt());
      assertEquals(0, session.getTurnCount());
      assertNull(session.getLastTurnAt());
    }
  }

  @Test
  void anAutonomousAgentHoldsNoSession() {
    var refused =
        assertThrows(
            ConflictException.class,
            () -> AgentSession.open("s-1", active(AgentMode.AUTONOMOUS), T0));
    assertTrue(refused.getMessage().contains("autonomous"), refused.getMessage());
  }

  @Test
  void aCreatedDormantOrDestroyedAgentOpensNoSession() {
    var created = agent(AgentMode.INTERACTIVE);
    var dormant = active(AgentMode.INTERACTIVE);
    dormant.pause(T0);
    var destroyed = active(AgentMode.INTERACTIVE);
    destroyed.destroy(T0);

    var c = assertThrows(ConflictException.class, () -> AgentSession.open("s", created, T0));
    var d = assertThrows(ConflictException.class, () -> AgentSession.open("s", dormant, T0));
    var x = assertThrows(ConflictException.class, () -> AgentSession.open("s", destroyed, T0));

    assertTrue(c.getMessage().contains("is created"), c.getMessage());
    assertTrue(d.getMessage().contains("is dormant"), d.getMessage());
    assertTrue(x.getMessage().contains("destroyed"), x.getMessage());
  }

  @Test
  void anOpenSessionCountsTurns() {
    var session = AgentSession.open("s-1", active(AgentMode.INTERACTIVE), T0);
    session.recordTurn(T0);
    session.recordTurn(T1);
    assertEquals(2, session.getTurnCount());
    assertEquals(T1, session.getLastTurnAt());
    assertEquals(T1, session.getUpdatedAt());
  }

  @Test
  void aClosedSessionTakesNoTurnAndCannotCloseAgain() {
    var session = AgentSession.open("s-1", active(AgentMode.HYBRID), T0);
    session.close(T1);
    assertEquals(SessionStatus.CLOSED, session.getStatus());
    assertEquals(T1, session.getUpdatedAt());

    var turn = assertThrows(ConflictException.class, () -> session.recordTurn(T1));
    assertTrue(turn.getMessage().contains("closed"), turn.getMessage());
    assertEquals(0, session.getTurnCount());
    var again = assertThrows(IllegalTransitionException.class, () -> session.close(T1));
    assertEquals("closed", again.getFrom());
  }

  @Test
  void statusesTravelByWireName() {
    var converter = new SessionStatus.Converter();
    assertEquals("open", converter.convertToDatabaseColumn(SessionStatus.OPEN));
    assertEquals(SessionStatus.CLOSED, converter.convertToEntityAttribute("closed"));
    assertThrows(IllegalStateException.class, () -> converter.convertToEntityAttribute("gone"));
  }
}
