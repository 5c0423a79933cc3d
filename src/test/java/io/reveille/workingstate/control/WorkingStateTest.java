package io.reveille.workingstate.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.workingstate.control.Expectation.Status;
import io.reveille.workingstate.control.OutcomeMatcher.Verdict;
import io.reveille.workingstate.control.WorkingState.Item;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class WorkingStateTest {

  private static final java.time.Instant T0 = java.time.Instant.parse("2026-11-30T08:00:00Z");
  private static final java.time.Instant T1 = java.time.Instant.parse("2026-11-30T09:00:00Z");

  private static final Instant NOW = Instant.parse("2026-11-26T09:00:00Z");

  private final AtomicInteger ids = new AtomicInteger();
  private final Supplier<String> newId = () -> "a-" + ids.incrementAndGet();

  private static Expectation byIds(String id, String action, String... expected) {
    return Expectation.pending(
        id,
        action,
        "touches " + List.of(expected),
        List.of(expected),
        Optional.empty(),
        OptionalInt.empty());
  }

  private static Expectation byType(String id, String action, String type) {
    return Expectation.pending(
        id, action, "makes a " + type, List.of(), Optional.of(type), OptionalInt.empty());
  }

  private static Expectation byCount(String id, String action, int count) {
    return Expectation.pending(
        id, action, "makes " + count, List.of(), Optional.empty(), OptionalInt.of(count));
  }

  private static ObservedOutcome result(String tool, List<String> ids, String... types) {
    return new ObservedOutcome("act-1", tool, ids, List.of(types));
  }

  @Test
  void theMatcherChecksIdsThenTypeThenCountAndSkipsWhatHasNoStructure() {
    var two = result("create_task", List.of("t-1", "t-2"), "TASK");
    assertEquals(Verdict.MATCH, OutcomeMatcher.check(byIds("e", "create_task", "t-2"), two));
    assertEquals(
        Verdict.MISMATCH, OutcomeMatcher.check(byIds("e", "create_task", "t-2", "t-3"), two));
    assertEquals(Verdict.MATCH, OutcomeMatcher.check(byType("e", "create_task", "TASK"), two));
    assertEquals(
        Verdict.MISMATCH, OutcomeMatcher.check(byType("e", "create_task", "CHECKLIST"), two));
    assertEquals(Verdict.MATCH, OutcomeMatcher.check(byCount("e", "create_task", 2), two));
    assertEquals(Verdict.MISMATCH, OutcomeMatcher.check(byCount("e", "create_task", 3), two));
    var vague =
        Expectation.pending(
            "e", "create_task", "it works", List.of(), Optional.empty(), OptionalInt.empty());
    assertEquals(Verdict.SKIP, OutcomeMatcher.check(vague, two));
    // Ids come first: a type that would match does not save a missing id.
    var both =
        new Expectation(
            "e",
            "create_task",
            "t-9 as a task",
            List.of("t-9"),
            Optional.of("TASK"),
            OptionalInt.empty(),
            Status.PENDING,
            Optional.empty());
    assertEquals(Verdict.MISMATCH, OutcomeMatcher.check(both, two));
  }

  @Test
  void aMatchConfirmsAMismatchFailsWithAnAssumptionAndContradictsOnlyWhatRestedOnIt() {
    var resting = new Assumption("a-0", "The task will be urgent", 0.9, List.of("expectation:e-1"));
    var unrelated = new Assumption("a-x", "The user works mornings", 0.8, List.of("act-0"));
    var state =
        WorkingState.empty()
            .apply(
                new StateDelta(List.of(), List.of(resting, unrelated), List.of(), List.of()),
                java.time.Instant.EPOCH)
            .expect(byIds("e-1", "update_task_priority", "t-1"))
            .expect(byCount("e-2", "create_task", 1))
            .expect(
                Expectation.pending(
                    "e-3",
                    "update_task_priority",
                    "done",
                    List.of(),
                    Optional.empty(),
                    OptionalInt.empty()));

    var after =
        state.afterToolResult(result("update_task_priority", List.of("t-2"), "TASK"), NOW, newId);

    var byId =
        after.expectations().stream()
            .collect(java.util.stream.Collectors.toMap(Expectation::id, e -> e));
    assertEquals(Status.FAILED, byId.get("e-1").status());
    assertEquals(Optional.of(NOW), byId.get("e-1").lastCheckedAt());
    assertEquals(Status.PENDING, byId.get("e-2").status(), "another tool's expectation waits");
    assertEquals(Status.PENDING, byId.get("e-3").status(), "nothing to compare: skipped");
    var discrepancy = after.assumptions().get(after.assumptions().size() - 1);
    assertEquals(0.7, discrepancy.confidence());
    assertEquals(List.of("act-1", "expectation:e-1"), discrepancy.evidence());
    assertTrue(
        discrepancy.hypothesis().startsWith("Expected \"touches [t-1]\" but"),
        discrepancy::hypothesis);
    assertEquals(0.45, after.assumptions().get(0).confidence(), "contradicted: halved");
    assertEquals(0.8, after.assumptions().get(1).confidence(), "unrelated: unchanged");
    assertEquals(List.of("t-2"), after.entities().stream().map(e -> e.id()).toList());
    assertEquals("TASK", after.entities().get(0).kind());

    var confirmed =
        after.afterToolResult(result("create_task", List.of("t-5"), "TASK"), NOW, newId);
    assertEquals(
        Status.CONFIRMED,
        confirmed.expectations().stream()
            .filter(e -> e.id().equals("e-2"))
            .findFirst()
            .orElseThrow()
            .status());
    assertEquals(after.assumptions(), confirmed.assumptions(), "a match adds no assumption");
  }

  @Test
  void aDeltaWithAnInvalidOperationIsRefusedWholeAndTheStateStaysAsItWas() {
    var state =
        WorkingState.empty()
            .apply(
                new StateDelta(
                    List.of(
                        new StateDelta.Add(new Item("i-1", "task", "Call Ana", null, "active"))),
                    List.of(),
                    List.of(),
                    List.of()),
                T0);

    var bad =
        new StateDelta(
            List.of(
                new StateDelta.Update(
                    "i-1",
                    Optional.of("Call Ana today"),
                    Optional.empty(),
                    Optional.of("resolved")),
                new StateDelta.Remove("i-404")),
            List.of(),
            List.of(),
            List.of());
    var refused = assertThrows(InvalidInputException.class, () -> state.apply(bad, T1));
    assertTrue(refused.getMessage().contains("i-404"), refused::getMessage);
    assertEquals(
        Optional.of(new Item("i-1", "task", "Call Ana", null, "active", List.of(), T0, T0)),
        state.item("i-1"),
        "stamped when added, and unchanged");

    assertThrows(
        InvalidInputException.class,
        () ->
            state.apply(
                new StateDelta(
                    List.of(new StateDelta.Add(new Item("i-1", "note", "again", null, "active"))),
                    List.of(),
                    List.of(),
                    List.of()),
                T1),
        "an id that exists");
    assertThrows(
        InvalidInputException.class,
        () ->
            state.apply(
                new StateDelta(
                    List.of(
                        new StateDelta.Update(
                            "i-1", Optional.empty(), Optional.empty(), Optional.of("forgotten"))),
                    List.of(),
                    List.of(),
                    List.of()),
                T1),
        "a status that does not exist");
    assertThrows(
        InvalidInputException.class, () -> new Assumption("a", "too sure", 1.5, List.of()));

    var good =
        state.apply(
            new StateDelta(
                List.of(
                    new StateDelta.Update(
                        "i-1",
                        Optional.empty(),
                        Optional.empty(),
                        Optional.of("resolved"),
                        Optional.of(List.of("t-1", "t-2"))),
                    new StateDelta.Add(new Item("i-2", "question", "Which room?", null, "active"))),
                List.of(),
                List.of(),
                List.of()),
            T1);
    var resolved = good.item("i-1").orElseThrow();
    assertEquals("resolved", resolved.status());
    assertEquals(List.of("t-1", "t-2"), resolved.relatedEntityIds());
    assertEquals(T0, resolved.createdAt(), "created when it was added");
    assertEquals(T1, resolved.updatedAt(), "updated by the delta that changed it");
    assertEquals(T1, good.item("i-2").orElseThrow().createdAt());
    assertEquals(2, good.items().size());
    assertThrows(
        InvalidInputException.class,
        () -> resolved.relatedTo(List.of("t-1", "t-1")),
        "an id named twice");
  }

  @Test
  void anExpectationWithIdsIsCheckedByIdsAlone() {
    var state = WorkingState.empty().expect(byIds("e-1", "create_task", "t-1", "t-2"));
    var after =
        state.afterToolResult(result("create_task", List.of("t-2", "t-1", "t-3")), NOW, newId);
    assertEquals(Status.CONFIRMED, after.expectations().get(0).status());
    assertTrue(after.assumptions().isEmpty());
  }

  @Test
  void anExpectationWithATypeIsCheckedByTypeWhenItNamesNoIds() {
    var state = WorkingState.empty().expect(byType("e-1", "create_task", "CHECKLIST_ITEM"));
    var after = state.afterToolResult(result("create_task", List.of("t-1"), "TASK"), NOW, newId);
    assertEquals(Status.FAILED, after.expectations().get(0).status());
    var discrepancy = after.assumptions().get(0);
    assertEquals(List.of("act-1", "expectation:e-1"), discrepancy.evidence());
    assertTrue(discrepancy.hypothesis().contains("of type [TASK]"), discrepancy::hypothesis);
  }

  @Test
  void anExpectationWithOnlyACountIsCheckedByCount() {
    var state = WorkingState.empty().expect(byCount("e-1", "create_task", 0));
    var after = state.afterToolResult(result("create_task", List.of()), NOW, newId);
    assertEquals(Status.CONFIRMED, after.expectations().get(0).status());
  }

  @Test
  void anExpectationWithoutStructureIsSkippedAndStaysPending() {
    var vague =
        Expectation.pending(
            "e-1", "create_task", "it goes well", List.of(), Optional.empty(), OptionalInt.empty());
    var after =
        WorkingState.empty()
            .expect(vague)
            .afterToolResult(result("create_task", List.of("t-1"), "TASK"), NOW, newId);
    assertEquals(Status.PENDING, after.expectations().get(0).status());
    assertEquals(Optional.empty(), after.expectations().get(0).lastCheckedAt());
    assertTrue(after.assumptions().isEmpty(), "no guess, no discrepancy");
  }

  @Test
  void declaringTheSameExpectationAgainIsNoChangeAndAnotherUnderItsIdIsRefused() {
    var state = WorkingState.empty().expect(byCount("e-1", "create_task", 1));
    assertEquals(state, state.expect(byCount("e-1", "create_task", 1)));
    var refused =
        assertThrows(
            InvalidInputException.class, () -> state.expect(byCount("e-1", "create_task", 2)));
    assertEquals("expectation.id", refused.getField());
  }

  @Test
  void atTheBoundTheOldestCheckedExpectationMakesRoomAndAllPendingIsRefused() {
    var state = WorkingState.empty();
    for (var i = 0; i < WorkingState.MAX_EXPECTATIONS; i++) {
      state = state.expect(byCount("e-" + i, "create_task", 1));
    }
    var full = state;
    var refused =
        assertThrows(
            InvalidInputException.class, () -> full.expect(byCount("e-new", "create_task", 1)));
    assertEquals("expectations", refused.getField());

    var checked = full.afterToolResult(result("create_task", List.of("t-1")), NOW, newId);
    var next = checked.expect(byCount("e-new", "create_task", 1));
    assertEquals(WorkingState.MAX_EXPECTATIONS, next.expectations().size());
    assertEquals("e-new", next.expectations().get(WorkingState.MAX_EXPECTATIONS - 1).id());
    assertEquals("e-1", next.expectations().get(0).id(), "e-0, the oldest checked, made room");
  }

  @Test
  void theUnderstandingKeepsTheMostRecentlyTouchedEntities() {
    var state = WorkingState.empty();
    for (var i = 0; i <= WorkingState.MAX_ENTITIES; i++) {
      state = state.afterToolResult(result("create_task", List.of("t-" + i), "TASK"), NOW, newId);
    }
    assertEquals(WorkingState.MAX_ENTITIES, state.entities().size());
    assertEquals("t-1", state.entities().get(0).id(), "t-0 forgotten");
    var touchedAgain =
        state.afterToolResult(result("update_task_priority", List.of("t-1")), NOW, newId);
    assertEquals("t-1", touchedAgain.entities().get(WorkingState.MAX_ENTITIES - 1).id());
    assertEquals("TASK", touchedAgain.entities().get(WorkingState.MAX_ENTITIES - 1).kind());
  }

  @Test
  void aRunIsRecordedAsSummarisedOnceAndOnlyTheNewestRunsAreRemembered() {
    var state = WorkingState.empty();
    for (var i = 0; i <= WorkingState.MAX_SUMMARISED_RUNS; i++) {
      state = state.summarised("wk-" + i, NOW);
    }
    assertTrue(state.hasSummarised("wk-" + WorkingState.MAX_SUMMARISED_RUNS));
    assertTrue(!state.hasSummarised("wk-0"));
    assertEquals(Optional.of(NOW), state.lastSummarizedAt());
    assertEquals(state, state.summarised("wk-" + WorkingState.MAX_SUMMARISED_RUNS, NOW));
  }
}
