package io.reveille.memory.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.memory.control.HotContext.Turn;
import io.reveille.memory.entity.AgentMessageKind;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpanWorkTest {

  private static final Instant T0 = Instant.parse("2026-11-26T08:00:00Z");

  private static SpanWork fold(List<String> summaries) {
    return new SpanWork("j", 1, "a", "a:t", "s", "m1", "m2", 2, List.of(), summaries, T0);
  }

  @Test
  void aModelsFoldKeepsTheOpeningItemsWhateverTheModelWrites() {
    var earlier =
        ExtractiveSummary.HEADING
            + " (summarised, up to x):\n- user: My codeword is PELICAN.\n- assistant: Noted.";
    var work = fold(List.of(earlier, ExtractiveSummary.HEADING + " (2 messages):\n- user: Later."));

    var stored = work.modelSummary("m", "- assistant: Noted.\n- The user spoke later on.");

    assertEquals(
        ExtractiveSummary.HEADING
            + " (summarised, up to 2026-11-26T08:00:00Z; by m):\n"
            + "- user: My codeword is PELICAN.\n- assistant: Noted.\n- The user spoke later on.",
        stored);
    // The next fold takes its opening from it: its first items, the codeword first.
    assertEquals(
        List.of(
            "- user: My codeword is PELICAN.", "- assistant: Noted.", "- The user spoke later on."),
        fold(List.of(stored, "x")).opening());
  }

  @Test
  void aFirstLevelSummaryByAModelIsItsHeadingAndTheModelsText() {
    var turn = new Turn("m1", AgentMessageKind.USER, T0, 2, "Hello there.");
    var work = new SpanWork("j", 1, "a", "a:t", "s", "m1", "m1", 1, List.of(turn), List.of(), T0);
    assertEquals(
        ExtractiveSummary.HEADING
            + " (1 message, 2026-11-26T08:00:00Z to 2026-11-26T08:00:00Z; by m):\n- user: greeted.",
        work.modelSummary("m", "  - user: greeted.\n"));
    assertEquals("user: Hello there.\n", work.transcript());
  }

  @Test
  void aSpanWithNothingToSummariseIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> fold(List.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> new SpanWork("j", 1, "a", "a:t", "s", "m1", "m2", 1, List.of(), List.of("x"), T0));
  }
}
