package io.reveille.wake.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.IllegalTransitionException;
import jakarta.json.Json;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunStepTest {

  private static final Instant T0 = Instant.parse("2026-11-26T08:00:00Z");

  private static RunStep step() {
    return new RunStep("rk-1", 0, "model_turn", T0);
  }

  @Test
  void aStepKeepsTheFirstDecisionItRecordsHoweverOftenItIsResumed() {
    var step = step();
    var first = Json.createObjectBuilder().add("content", "send the mail").build();
    var second = Json.createObjectBuilder().add("content", "do something else").build();

    assertTrue(step.decide(first));
    step.resume(T0.plusSeconds(1));
    assertFalse(step.decide(second));

    assertEquals(Optional.of(first), step.getDecision());
    assertEquals(2, step.getAttempts());
  }

  @Test
  void aBlockedStepResumesRunningAndSucceedsOnce() {
    var step = step();
    step.block(T0.plusSeconds(1), "awaiting_approval", "proposal p-1");
    assertEquals(StepStatus.BLOCKED, step.getStatus());
    assertEquals("awaiting_approval", step.getErrorCode());

    step.resume(T0.plusSeconds(2));
    assertEquals(StepStatus.RUNNING, step.getStatus());
    assertNull(step.getErrorCode());

    step.succeed(T0.plusSeconds(3));
    assertEquals(StepStatus.SUCCEEDED, step.getStatus());
    assertEquals(T0.plusSeconds(3), step.getEndedAt());
    assertThrows(IllegalTransitionException.class, () -> step.resume(T0.plusSeconds(4)));
    assertThrows(IllegalTransitionException.class, () -> step.succeed(T0.plusSeconds(4)));
    assertThrows(
        IllegalTransitionException.class, () -> step.decide(Json.createObjectBuilder().build()));
  }

  @Test
  void aFailedStepKeepsItsErrorAndMayBeTakenUpAgain() {
    var step = step();
    step.fail(T0.plusSeconds(1), "budget_max_steps", "too many steps");
    assertEquals(StepStatus.FAILED, step.getStatus());
    assertEquals("budget_max_steps", step.getErrorCode());

    step.resume(T0.plusSeconds(2));
    assertEquals(StepStatus.RUNNING, step.getStatus());
  }

  @Test
  void aCancelledRunSkipsItsUnfinishedStepButNotAFinishedOne() {
    var running = step();
    running.skip(T0.plusSeconds(1), "cancelled");
    assertEquals(StepStatus.SKIPPED, running.getStatus());

    var done = step();
    done.succeed(T0.plusSeconds(1));
    assertThrows(IllegalTransitionException.class, () -> done.skip(T0.plusSeconds(2), "x"));
  }

  @Test
  void aStepNeedsARunAPhaseAndAnIndexFromZero() {
    assertThrows(IllegalArgumentException.class, () -> new RunStep("rk-1", -1, "plan", T0));
    assertThrows(RuntimeException.class, () -> new RunStep("rk-1", 0, " ", T0));
    assertThrows(RuntimeException.class, () -> new RunStep(" ", 0, "plan", T0));
  }
}
