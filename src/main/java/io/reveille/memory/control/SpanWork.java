package io.reveille.memory.control;

import io.reveille.memory.control.HotContext.Turn;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What one compaction job folds, read when a worker takes it: the turns of a span (a first-level
 * summary), or the previous cold summary and the first-level summaries after it (a fold, {@code
 * depth} 2 or more). {@code jobVersion} is the job's version once taken: finishing refuses a job
 * that moved on since.
 */
public record SpanWork(
    String jobId,
    long jobVersion,
    String agentId,
    String threadId,
    String summaryId,
    String startMessageId,
    String endMessageId,
    int depth,
    List<Turn> turns,
    List<String> summaries,
    Instant until) {

  /** The most characters of one turn a model is given to summarise. */
  static final int TURN_CHARS = 2000;

  public SpanWork {
    turns = List.copyOf(turns);
    summaries = List.copyOf(summaries);
    if (depth < 1 || (depth == 1 ? turns.isEmpty() : summaries.isEmpty())) {
      throw new IllegalArgumentException("a span of depth " + depth + " with nothing to summarise");
    }
  }

  /** Whether this folds summaries into the cold summary. */
  public boolean fold() {
    return depth > 1;
  }

  /** The deterministic summary of the span. */
  public String extractive() {
    return fold() ? ExtractiveSummary.fold(summaries, until) : ExtractiveSummary.of(turns);
  }

  /** About how many tokens the span's text takes (a quarter of its characters). */
  public int tokens() {
    return transcript().length() / 4;
  }

  /** The span as a model is given it: the turns as {@code kind: text} lines, or the summaries. */
  public String transcript() {
    var text = new StringBuilder();
    if (fold()) {
      summaries.forEach(summary -> text.append(summary).append("\n\n"));
    } else {
      for (var turn : turns) {
        var line = turn.text().strip();
        text.append(turn.kind().wire())
            .append(": ")
            .append(line.length() > TURN_CHARS ? line.substring(0, TURN_CHARS) + "…" : line)
            .append('\n');
      }
    }
    return text.toString();
  }

  /**
   * A model's summary of the span as stored: the heading naming the model, then — for a fold — the
   * conversation's opening items exactly as the earlier summary kept them (so a model never folds
   * the first turns away), then the model's lines that do not repeat them.
   */
  public String modelSummary(String model, String text) {
    var summary = new StringBuilder(heading(Optional.of(model)));
    var opening = opening();
    opening.forEach(line -> summary.append('\n').append(line));
    text.strip()
        .lines()
        .filter(line -> !opening.contains(line.strip()))
        .forEach(line -> summary.append('\n').append(line));
    return summary.toString();
  }

  /**
   * For a fold, the first {@value ExtractiveSummary#OPENING_LINES} items of the oldest summary it
   * folds: the opening of the conversation. None for a first-level summary.
   */
  List<String> opening() {
    if (!fold()) {
      return List.of();
    }
    return summaries
        .get(0)
        .lines()
        .map(String::strip)
        .filter(line -> line.startsWith("- ") && !line.equals(ExtractiveSummary.LEFT_OUT))
        .limit(ExtractiveSummary.OPENING_LINES)
        .toList();
  }

  /** The first line of the span's summary, naming the model that wrote it, if one did. */
  public String heading(Optional<String> model) {
    var by = model.map(name -> "; by " + name).orElse("");
    return fold()
        ? ExtractiveSummary.HEADING + " (summarised, up to " + until + by + "):"
        : ExtractiveSummary.HEADING
            + " ("
            + turns.size()
            + (turns.size() == 1 ? " message, " : " messages, ")
            + turns.get(0).createdAt()
            + " to "
            + until
            + by
            + "):";
  }
}
