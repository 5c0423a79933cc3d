package io.reveille.memory.control;

import io.reveille.memory.control.HotContext.Turn;
import java.util.List;

/**
 * The deterministic summariser: a span of turns as one text that keeps who said what, in order —
 * each turn's first sentence (at most {@value #LINE_CHARS} characters), at most {@value #MAX_LINES}
 * lines, and how many turns it leaves out. The same span always gives the same text.
 */
public final class ExtractiveSummary {

  static final int LINE_CHARS = 160;
  static final int MAX_LINES = 40;

  private ExtractiveSummary() {}

  public static String of(List<Turn> turns) {
    if (turns.isEmpty()) {
      throw new IllegalArgumentException("nothing to summarise");
    }
    var text =
        new StringBuilder("Earlier in this conversation (")
            .append(turns.size())
            .append(turns.size() == 1 ? " message, " : " messages, ")
            .append(turns.get(0).createdAt())
            .append(" to ")
            .append(turns.get(turns.size() - 1).createdAt())
            .append("):");
    var shown = Math.min(turns.size(), MAX_LINES);
    for (var turn : turns.subList(0, shown)) {
      text.append("\n- ")
          .append(turn.kind().wire())
          .append(": ")
          .append(firstSentence(turn.text()));
    }
    if (turns.size() > shown) {
      text.append("\n- … and ").append(turns.size() - shown).append(" more");
    }
    return text.toString();
  }

  static String firstSentence(String text) {
    var line = text.strip().replaceAll("\\s+", " ");
    var end = line.length();
    for (var stop : List.of(". ", "? ", "! ")) {
      var at = line.indexOf(stop);
      if (at >= 0 && at + 1 < end) {
        end = at + 1;
      }
    }
    line = line.substring(0, end);
    return line.length() > LINE_CHARS ? line.substring(0, LINE_CHARS - 1) + "…" : line;
  }
}
