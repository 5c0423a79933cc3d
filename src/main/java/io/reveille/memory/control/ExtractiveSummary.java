package io.reveille.memory.control;

import io.reveille.memory.control.HotContext.Turn;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The deterministic summariser: a span of turns as one text that keeps who said what, in order —
 * each turn's first sentence (at most {@value #LINE_CHARS} characters), at most {@value #MAX_LINES}
 * lines, and how many turns it leaves out. The same span always gives the same text.
 *
 * <p>A fold of summaries into the cold one keeps their lines in order within {@value #MAX_LINES}:
 * the conversation's opening ({@value #OPENING_LINES} lines, so the first turns are never folded
 * away) and its newest lines, with a line saying that lines between them were left out.
 */
public final class ExtractiveSummary {

  static final int LINE_CHARS = 160;
  static final int MAX_LINES = 40;
  static final int OPENING_LINES = 10;

  /** How every summary's first line begins. */
  public static final String HEADING = "Earlier in this conversation";

  static final String LEFT_OUT = "- … earlier lines left out";

  private ExtractiveSummary() {}

  public static String of(List<Turn> turns) {
    if (turns.isEmpty()) {
      throw new IllegalArgumentException("nothing to summarise");
    }
    var text =
        new StringBuilder(HEADING)
            .append(" (")
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

  /**
   * The cold summary folding {@code summaries}, oldest first (the previous cold summary, if any,
   * then the first-level ones after it), which cover the conversation up to {@code until}. Each
   * summary contributes its lines but its heading; a line that is not a {@code - } item (a model's
   * prose) becomes one.
   */
  public static String fold(List<String> summaries, Instant until) {
    if (summaries.isEmpty()) {
      throw new IllegalArgumentException("nothing to fold");
    }
    var lines = new ArrayList<String>();
    for (var summary : summaries) {
      summary
          .lines()
          .map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith(HEADING))
          .map(line -> line.startsWith("- ") ? line : "- " + line)
          .forEach(lines::add);
    }
    var text = new StringBuilder(HEADING).append(" (summarised, up to ").append(until);
    text.append("):");
    List<String> kept = lines;
    if (lines.size() > MAX_LINES) {
      kept = new ArrayList<>(lines.subList(0, OPENING_LINES));
      kept.add(LEFT_OUT);
      kept.addAll(lines.subList(lines.size() - (MAX_LINES - OPENING_LINES - 1), lines.size()));
    }
    kept.forEach(line -> text.append('\n').append(line));
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
