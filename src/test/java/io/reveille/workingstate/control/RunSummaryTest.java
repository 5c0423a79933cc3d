package io.reveille.workingstate.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunSummaryTest {

  private static RunSummary.Result ok(
      String message, String tool, List<String> ids, String... tokens) {
    return new RunSummary.Result(
        message, tool, true, false, ids, List.of(tokens), Optional.empty(), Optional.empty());
  }

  private static RunSummary.Result failed(String message, String tool, String code) {
    return new RunSummary.Result(
        message,
        tool,
        false,
        false,
        List.of(),
        List.of(),
        Optional.of(code),
        Optional.of(tool + " was refused: " + code));
  }

  @Test
  void touchedEntitiesBecomeUnderstandingAndFailedCallsBecomeOpenItems() {
    var results =
        List.of(
            ok("m-1", "update_task_priority", List.of("t-1"), "TASK"),
            failed("m-2", "create_task", "out_of_scope"),
            ok(
                "m-3",
                "add_multiple_checklist_items",
                List.of("c-1", "c-2"),
                "CHECKLIST_ITEM",
                "TASK"),
            new RunSummary.Result(
                "m-4",
                "set_task_title",
                true,
                true,
                List.of("t-9"),
                List.of("TASK"),
                Optional.empty(),
                Optional.empty()));

    var delta = RunSummary.delta(results, WorkingState.empty());
    var state =
        WorkingState.empty().apply(WorkingStateDocuments.delta(delta), java.time.Instant.EPOCH);

    assertEquals(
        List.of(
            new WorkingState.Entity("t-1", "TASK"),
            new WorkingState.Entity("c-1", "entity"),
            new WorkingState.Entity("c-2", "entity")),
        state.entities(),
        "a preview touched nothing");
    assertEquals(1, state.items().size());
    var item = state.items().get(0);
    assertEquals("create_task failed: out_of_scope", item.title());
    assertEquals("task", item.kind());
    assertEquals("active", item.status());
    assertTrue(item.details().contains("refused"), item::details);
    assertEquals(delta, RunSummary.delta(results, WorkingState.empty()), "deterministic");
  }

  @Test
  void aFailureMadeGoodLaterInTheRunOrInALaterRunIsNoLongerOpen() {
    var first =
        RunSummary.delta(List.of(failed("m-1", "create_task", "conflict")), WorkingState.empty());
    var afterFirst =
        WorkingState.empty().apply(WorkingStateDocuments.delta(first), java.time.Instant.EPOCH);
    assertEquals("active", afterFirst.items().get(0).status());

    var retried =
        RunSummary.delta(
            List.of(
                failed("m-5", "create_task", "conflict"),
                ok("m-6", "create_task", List.of("t-2"), "TASK")),
            afterFirst);
    var afterSecond =
        afterFirst.apply(WorkingStateDocuments.delta(retried), java.time.Instant.EPOCH);
    assertEquals(1, afterSecond.items().size(), "the failure made good in the run adds nothing");
    assertEquals("resolved", afterSecond.items().get(0).status());
  }

  @Test
  void aRunWithoutToolResultsProposesNothing() {
    var delta = RunSummary.delta(List.of(), WorkingState.empty());
    assertTrue(RunSummary.isEmpty(delta));
    assertFalse(
        RunSummary.isEmpty(RunSummary.delta(List.of(failed("m", "x", "y")), WorkingState.empty())));
  }
}
