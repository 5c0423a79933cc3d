package io.reveille.taskagent.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.taskagent.control.TaskAnalyst.Memory;
import io.reveille.taskagent.control.TaskSnapshot.Item;
import jakarta.json.Json;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TaskAnalystTest {

  private static final LocalDate TODAY = LocalDate.parse("2026-11-23");

  private static TaskSnapshot task(String due, boolean firstChecked, long minutes) {
    return new TaskSnapshot(
        "t1",
        "Implement auth",
        "inProgress",
        "p2",
        Optional.of(240),
        Optional.ofNullable(due),
        Optional.of("c1"),
        List.of(new Item("i1", "Login UI", firstChecked), new Item("i2", "Write tests", false)),
        minutes,
        false);
  }

  /** The memory as the next wake reads it back from the report's provenance. */
  private static Memory roundTrip(Memory memory) {
    var provenance = Json.createObjectBuilder(memory.toJson()).add("engine", "x").build();
    return Memory.fromProvenance(
        Json.createReader(new java.io.StringReader(provenance.toString())).readObject());
  }

  @Test
  void theFirstWakeDescribesTheTaskAndRemembersIt() {
    var analysis = TaskAnalyst.analyse(Memory.none(), task("2026-12-01", false, 0), TODAY);

    assertEquals(List.of(), analysis.changes());
    assertEquals(
        List.of(
            "Started following the task: inProgress, priority p2, 0 of 2 checklist items done,"
                + " due 2026-12-01"),
        analysis.observations());
    assertTrue(analysis.report().startsWith("# Implement auth\n"), analysis.report());
    assertTrue(
        analysis
            .report()
            .contains(
                "**Status:** inProgress | **Priority:** p2 | **Estimate:** 4h"
                    + " | **Due:** 2026-12-01"),
        analysis.report());
    assertTrue(analysis.report().contains("Checklist: 0 of 2 done (0%)."), analysis.report());
    assertTrue(analysis.report().contains("Due in 8 days."), analysis.report());
    assertEquals(List.of("2026-12-01"), roundTrip(analysis.memory()).dueDateHistory());
  }

  @Test
  void movingTheDueDateTwiceIsObservedAsTheSecondMove() {
    var first = TaskAnalyst.analyse(Memory.none(), task("2026-12-01", false, 0), TODAY);
    var second =
        TaskAnalyst.analyse(roundTrip(first.memory()), task("2026-12-05", false, 0), TODAY);
    var third =
        TaskAnalyst.analyse(roundTrip(second.memory()), task("2026-12-09", false, 0), TODAY);

    assertEquals(
        List.of("Due date moved for the 1st time (2026-12-01 → 2026-12-05)"),
        second.observations());
    assertEquals(List.of("Due date moved from 2026-12-05 to 2026-12-09"), third.changes());
    assertEquals(
        List.of("Due date moved for the 2nd time (2026-12-01 → 2026-12-05 → 2026-12-09)"),
        third.observations());
    assertTrue(third.report().contains("**Due:** 2026-12-09 (moved twice)"), third.report());
  }

  @Test
  void checkingAnItemIsAChangeAndAnObservationWithProgress() {
    var first = TaskAnalyst.analyse(Memory.none(), task(null, false, 0), TODAY);
    var second = TaskAnalyst.analyse(roundTrip(first.memory()), task(null, true, 0), TODAY);

    assertEquals(List.of("Checked \"Login UI\""), second.changes());
    assertEquals(
        List.of("Checked \"Login UI\": 1 of 2 checklist items done"), second.observations());
    assertTrue(second.report().contains("Checklist: 1 of 2 done (50%)."), second.report());
    assertTrue(second.report().contains("## Achieved\n- Login UI\n"), second.report());
    assertTrue(second.report().contains("## Remaining\n- Write tests\n"), second.report());
    assertTrue(second.report().contains("## Changed since the last wake\n- Checked"));
  }

  @Test
  void crossingTheEstimateIsObservedOnce() {
    var first = TaskAnalyst.analyse(Memory.none(), task(null, false, 200), TODAY);
    var over = TaskAnalyst.analyse(roundTrip(first.memory()), task(null, false, 250), TODAY);
    var further = TaskAnalyst.analyse(roundTrip(over.memory()), task(null, false, 300), TODAY);

    assertEquals(List.of("Time spent (4h 10m) now exceeds the estimate (4h)"), over.observations());
    assertEquals(List.of(), further.observations());
  }

  @Test
  void anUnreadableProvenanceStartsAfresh() {
    var memory = Memory.fromProvenance(Json.createObjectBuilder().add("snapshot", 3).build());

    assertEquals(Optional.empty(), memory.previous());
    assertEquals(0, memory.dueDateMoves());
  }

  @Test
  void ordinalsAndDurations() {
    assertEquals(
        "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st",
        String.join(
            " ",
            List.of(1, 2, 3, 4, 11, 12, 13, 21, 22, 101).stream()
                .map(TaskAnalyst::ordinal)
                .toList()));
    assertEquals("45m", TaskAnalyst.duration(45));
    assertEquals("2h", TaskAnalyst.duration(120));
    assertEquals("2h 30m", TaskAnalyst.duration(150));
  }
}
