package io.reveille.workingstate.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class WorkingStateTextTest {

  @Test
  void theRenderingIsCompactDeterministicAndBounded() {
    var state =
        WorkingState.empty()
            .expect(
                Expectation.pending(
                    "e-1",
                    "update_task_priority",
                    "task t-1 is P1",
                    List.of("t-1"),
                    Optional.empty(),
                    OptionalInt.empty()))
            .afterToolResult(
                new ObservedOutcome(
                    "act-1", "update_task_priority", List.of("t-2"), List.of("TASK")),
                Instant.parse("2026-11-26T09:00:00Z"),
                () -> "a-1")
            .apply(
                new StateDelta(
                    List.of(
                        new StateDelta.Add(
                            new WorkingState.Item(
                                "i-1", "question", "x".repeat(400), null, "active"))),
                    List.of(),
                    List.of(),
                    List.of(new WorkingState.Hypothesis("h-1", "It moved", "the date changed"))),
                java.time.Instant.EPOCH);

    var text = WorkingStateText.render(state);

    assertEquals(
        text,
        WorkingStateText.render(
            WorkingStateDocuments.fromJson(WorkingStateDocuments.toJson(state))));
    assertTrue(text.startsWith("## Working state\nEntities:\n- TASK t-2\n"), text);
    assertTrue(
        text.contains("- [e-1] failed after update_task_priority: task t-1 is P1; ids t-1\n"),
        text);
    assertTrue(text.contains("- [a-1] 0.70 Expected \"task t-1 is P1\" but"), text);
    assertTrue(text.contains("- [h-1] It moved (because the date changed)\n"), text);
    assertTrue(text.contains("- [i-1] question, active: " + "x".repeat(299) + "…\n"), text);
  }
}
