package io.reveille.workingstate.control;

import java.util.Locale;

/**
 * The working state as a model reads it in its context: compact, deterministic (the same state
 * always gives the same text, in the state's own order) and bounded — at most {@value
 * #MAX_ENTITIES_SHOWN} entities (the most recently touched), {@value #MAX_CHECKED_SHOWN} checked
 * expectations (the newest) besides every pending one, and every text cut to {@value
 * #MAX_TEXT_SHOWN} characters.
 */
public final class WorkingStateText {

  static final int MAX_ENTITIES_SHOWN = 50;
  static final int MAX_CHECKED_SHOWN = 10;
  static final int MAX_TEXT_SHOWN = 300;

  private WorkingStateText() {}

  public static String render(WorkingState state) {
    var text = new StringBuilder("## Working state\n");
    if (!state.entities().isEmpty()) {
      var entities = state.entities();
      var shown =
          entities.subList(Math.max(0, entities.size() - MAX_ENTITIES_SHOWN), entities.size());
      text.append("Entities");
      if (shown.size() < entities.size()) {
        text.append(" (the ")
            .append(shown.size())
            .append(" most recent of ")
            .append(entities.size())
            .append(')');
      }
      text.append(":\n");
      shown.forEach(
          e ->
              text.append("- ")
                  .append(e.kind())
                  .append(' ')
                  .append(e.id())
                  .append(e.name() == null ? "" : " \"" + cut(e.name()) + "\"")
                  .append('\n'));
    }
    if (!state.dependencies().isEmpty()) {
      text.append("Dependencies:\n");
      state
          .dependencies()
          .forEach(
              d ->
                  text.append("- ")
                      .append(d.from())
                      .append(" -> ")
                      .append(d.to())
                      .append(d.rel() == null ? "" : " (" + d.rel() + ")")
                      .append('\n'));
    }
    if (!state.assumptions().isEmpty()) {
      text.append("Assumptions:\n");
      state
          .assumptions()
          .forEach(
              a ->
                  text.append("- [")
                      .append(a.id())
                      .append("] ")
                      .append(String.format(Locale.ROOT, "%.2f", a.confidence()))
                      .append(' ')
                      .append(cut(a.hypothesis()))
                      .append('\n'));
    }
    if (!state.expectations().isEmpty()) {
      var pending = state.pending();
      var checked =
          state.expectations().stream()
              .filter(e -> e.status() != Expectation.Status.PENDING)
              .toList();
      var checkedShown =
          checked.subList(Math.max(0, checked.size() - MAX_CHECKED_SHOWN), checked.size());
      text.append("Expectations:\n");
      state.expectations().stream()
          .filter(e -> pending.contains(e) || checkedShown.contains(e))
          .forEach(e -> text.append("- ").append(expectation(e)).append('\n'));
    }
    if (!state.hypotheses().isEmpty()) {
      text.append("Hypotheses:\n");
      state
          .hypotheses()
          .forEach(
              h ->
                  text.append("- [")
                      .append(h.id())
                      .append("] ")
                      .append(cut(h.hypothesis()))
                      .append(h.reason() == null ? "" : " (because " + cut(h.reason()) + ")")
                      .append('\n'));
    }
    if (!state.items().isEmpty()) {
      text.append("Items:\n");
      state
          .items()
          .forEach(
              i ->
                  text.append("- [")
                      .append(i.id())
                      .append("] ")
                      .append(i.kind())
                      .append(", ")
                      .append(i.status())
                      .append(": ")
                      .append(cut(i.title()))
                      .append(
                          i.relatedEntityIds().isEmpty()
                              ? ""
                              : " (about " + String.join(", ", i.relatedEntityIds()) + ")")
                      .append('\n'));
    }
    return text.toString();
  }

  private static String expectation(Expectation e) {
    var structure = new StringBuilder();
    if (!e.expectedIds().isEmpty()) {
      structure.append("; ids ").append(String.join(", ", e.expectedIds()));
    }
    e.expectedType().ifPresent(type -> structure.append("; type ").append(type));
    e.expectedCount().ifPresent(count -> structure.append("; count ").append(count));
    return "["
        + e.id()
        + "] "
        + e.status().wire()
        + " after "
        + e.action()
        + ": "
        + cut(e.expectedOutcome())
        + structure
        + e.invariant().map(text -> "; invariant: " + cut(text)).orElse("");
  }

  private static String cut(String text) {
    return WorkingState.cut(text.replace('\n', ' '), MAX_TEXT_SHOWN);
  }
}
