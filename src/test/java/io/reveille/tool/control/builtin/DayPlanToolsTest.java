package io.reveille.tool.control.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.journal.control.DayPlanService.BlockUpsert;
import io.reveille.journal.entity.DayPlanBlock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The plans behind the day plan tools: pin replacement within the scope, and block plans. */
class DayPlanToolsTest {

  private static final Instant NINE = Instant.parse("2040-03-01T09:00:00Z");

  @Test
  void replacingPinsKeepsForeignPinsInPlaceAndPutsTheNewOnesWhereTheOldOnesWere() {
    var mine = Set.of("a1", "a2", "a3");
    assertEquals(
        List.of("b1", "a3", "a1", "b2"),
        DayPlanTools.replaceInScope(
            List.of("b1", "a1", "b2", "a2"), List.of("a3", "a1"), mine::contains));
    assertEquals(
        List.of("b1", "a1"),
        DayPlanTools.replaceInScope(List.of("b1"), List.of("a1"), mine::contains));
    assertEquals(
        List.of("b1", "b2"),
        DayPlanTools.replaceInScope(List.of("a1", "b1", "a2", "b2"), List.of(), mine::contains));
  }

  @Test
  void aBlockPlanListsRealChangesOnlyAndTheBlocksAfterByStart() {
    var kept = block("k", "A", NINE, 60, null);
    var same = block("s", "A", NINE.plusSeconds(7200), 60, "Note");
    var gone = block("g", "B", NINE.plusSeconds(14400), 60, null);
    var current = new LinkedHashMap<String, DayPlanBlock>();
    List.of(kept, same, gone).forEach(b -> current.put(b.getId(), b));
    var upserts =
        List.of(
            new BlockUpsert(
                Optional.of("s"),
                "A",
                same.getStartTime(),
                same.getEndTime(),
                Optional.empty(),
                Optional.of("  Note ")),
            new BlockUpsert(
                Optional.of("k"),
                "A",
                NINE.minusSeconds(3600),
                NINE,
                Optional.empty(),
                Optional.empty()),
            new BlockUpsert(
                Optional.empty(),
                "A",
                NINE.plusSeconds(3600),
                NINE.plusSeconds(5400),
                Optional.of("t"),
                Optional.empty()));

    var plan = BlockPlan.of(current, upserts, List.of("g"));

    assertEquals(List.of("k"), plan.updated().stream().map(b -> b.id()).toList());
    assertEquals(1, plan.created().size());
    assertEquals(null, plan.created().get(0).id());
    assertEquals(List.of("g"), plan.deleted());
    assertEquals(
        List.of(NINE.minusSeconds(3600), NINE.plusSeconds(3600), NINE.plusSeconds(7200)),
        plan.blocks().stream().map(PlannedBlock::startTime).toList());
  }

  private static DayPlanBlock block(
      String id, String category, Instant start, int minutes, String note) {
    return new DayPlanBlock(
        id, "plan", category, null, start, start.plusSeconds(60L * minutes), note, start);
  }
}
