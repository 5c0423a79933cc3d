package io.reveille.memory.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.memory.control.HotContext.Turn;
import io.reveille.memory.entity.AgentMessageKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExtractiveSummaryTest {

  private static final Instant T0 = Instant.parse("2026-11-26T08:00:00Z");

  private static Turn turn(int i, AgentMessageKind kind, String text) {
    return new Turn("m-" + i, kind, T0.plus(Duration.ofMinutes(i)), text.length() / 4, text);
  }

  @Test
  void keepsWhoSaidWhatInOrderAsFirstSentences() {
    var summary =
        ExtractiveSummary.of(
            List.of(
                turn(0, AgentMessageKind.USER, "Book the dentist. Tuesday works best."),
                turn(1, AgentMessageKind.ASSISTANT, "Booked for Tuesday 10:00! Anything else?")));
    assertEquals(
        "Earlier in this conversation (2 messages, 2026-11-26T08:00:00Z to"
            + " 2026-11-26T08:01:00Z):\n- user: Book the dentist.\n- assistant: Booked for"
            + " Tuesday 10:00!",
        summary);
    assertEquals(
        summary,
        ExtractiveSummary.of(
            List.of(
                turn(0, AgentMessageKind.USER, "Book the dentist. Tuesday works best."),
                turn(1, AgentMessageKind.ASSISTANT, "Booked for Tuesday 10:00! Anything else?"))),
        "the same span, the same summary");
  }

  @Test
  void longTurnsAndLongSpansAreBounded() {
    var turns = new ArrayList<Turn>();
    for (var i = 0; i < 50; i++) {
      turns.add(turn(i, AgentMessageKind.USER, "x".repeat(500)));
    }
    var summary = ExtractiveSummary.of(turns);
    var lines = summary.split("\n");
    assertEquals(1 + ExtractiveSummary.MAX_LINES + 1, lines.length, summary);
    assertTrue(lines[1].length() <= "- user: ".length() + ExtractiveSummary.LINE_CHARS, lines[1]);
    assertEquals("- … and 10 more", lines[lines.length - 1]);
    assertThrows(IllegalArgumentException.class, () -> ExtractiveSummary.of(List.of()));
  }

  @Test
  void aSpanHasOneIdAndBackOffIsBounded() {
    assertEquals(
        Compactions.derived("sum", "a", "t", "s", "e"),
        Compactions.derived("sum", "a", "t", "s", "e"));
    assertNotEquals(
        Compactions.derived("sum", "a", "t", "s", "e"),
        Compactions.derived("sum", "a", "t", "s", "f"));
    assertNotEquals(Compactions.derived("sum", "ab", "c"), Compactions.derived("sum", "a", "bc"));
    assertEquals(Duration.ofSeconds(30), Compactions.backoff(30, 1));
    assertEquals(Duration.ofSeconds(60), Compactions.backoff(30, 2));
    assertEquals(Duration.ofHours(1), Compactions.backoff(30, 20));
  }

  @Test
  void aFoldKeepsTheOpeningAndTheNewestLinesInOrder() {
    var until = T0.plus(Duration.ofHours(1));
    var earlier = new StringBuilder(ExtractiveSummary.HEADING + " (2 messages, x to y):");
    for (var i = 1; i <= 30; i++) {
      earlier.append("\n- user: Line ").append(i).append('.');
    }
    var newer = ExtractiveSummary.HEADING + " (1 message, y to z):\nA model's prose line.";
    var folded = ExtractiveSummary.fold(List.of(earlier.toString(), newer), until);
    var lines = folded.lines().toList();
    assertEquals(
        ExtractiveSummary.HEADING + " (summarised, up to 2026-11-26T09:00:00Z):", lines.get(0));
    assertEquals("- user: Line 1.", lines.get(1), "the opening stays");
    assertEquals(1 + 31, lines.size(), "under the line budget, every item");
    assertEquals("- A model's prose line.", lines.get(31));

    var longer = new ArrayList<String>();
    for (var s = 0; s < 3; s++) {
      longer.add(earlier.toString().replace("Line ", "Span " + s + " line "));
    }
    var capped = ExtractiveSummary.fold(longer, until).lines().toList();
    assertEquals(1 + ExtractiveSummary.MAX_LINES, capped.size());
    assertEquals("- user: Span 0 line 1.", capped.get(1));
    assertEquals("- user: Span 0 line 10.", capped.get(ExtractiveSummary.OPENING_LINES));
    assertEquals(ExtractiveSummary.LEFT_OUT, capped.get(ExtractiveSummary.OPENING_LINES + 1));
    assertEquals("- user: Span 2 line 30.", capped.get(capped.size() - 1));
    assertEquals(capped, ExtractiveSummary.fold(longer, until).lines().toList(), "deterministic");
    assertThrows(IllegalArgumentException.class, () -> ExtractiveSummary.fold(List.of(), until));
  }
}
