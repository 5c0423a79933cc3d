package io.reveille.workflow.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentKind;
import io.reveille.inference.control.ModelChoice;
import io.reveille.inference.control.Usage;
import io.reveille.wake.control.WakeRun;
import io.reveille.wake.entity.WakeReason;
import io.reveille.workflow.control.AgentConversation.Outcome;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EngineTest {

  private static final WakeRun RUN =
      new WakeRun(
          "rk", "a1", AgentKind.CUSTOM, WakeReason.MANUAL, "a1:rk", List.of(), 1, Optional.empty());

  @Test
  void theDeterministicEngineNamesItselfAndTheRun() {
    var provenance = Engine.deterministic().provenance(RUN).build();

    assertTrue(Engine.deterministic().isDeterministic());
    assertEquals("deterministic", provenance.getString("engine"));
    assertEquals("rk", provenance.getString("runKey"));
    assertFalse(provenance.containsKey("model"));
    assertFalse(provenance.containsKey("modelCalls"));
  }

  @Test
  void aModelNamesTheEndpointTheModelAndWhatTheConversationTook() {
    var engine = Engine.model("small-model");
    var provenance =
        engine.provenance(RUN, new Outcome("# Report", 3, 2, new Usage(120, 40))).build();

    assertFalse(engine.isDeterministic());
    assertEquals(ModelChoice.OPENAI_COMPATIBLE, provenance.getString("engine"));
    assertEquals("small-model", provenance.getString("model"));
    assertEquals("rk", provenance.getString("runKey"));
    assertEquals(3, provenance.getInt("modelCalls"));
    assertEquals(2, provenance.getInt("toolCalls"));
    assertEquals(120, provenance.getInt("inputTokens"));
    assertEquals(40, provenance.getInt("outputTokens"));
  }

  @Test
  void aBlankFinalAnswerIsNoReport() {
    assertEquals("# Report", new Outcome("# Report", 1, 0, Usage.NONE).report());
    var failure =
        assertThrows(
            IllegalStateException.class, () -> new Outcome(" ", 1, 0, Usage.NONE).report());
    assertEquals("the model ended the wake without a report", failure.getMessage());
  }
}
