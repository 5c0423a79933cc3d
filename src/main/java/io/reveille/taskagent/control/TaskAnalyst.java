package io.reveille.taskagent.control;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The deterministic engine of the task agent: from what it saw at its last wake and what the task
 * is now, it says what changed, which of those changes are worth remembering (observations such as
 * "due date moved for the 2nd time"), and writes the report — without any model, the same output
 * for the same input. It calls no tools itself; the workflow records its observations.
 */
public final class TaskAnalyst {

  private TaskAnalyst() {}

  /**
   * What the agent carries from wake to wake besides its observations: the task as it last saw it,
   * and the due dates the task has had (to count the moves).
   */
  public record Memory(Optional<TaskSnapshot> previous, List<String> dueDateHistory) {
    public Memory {
      Objects.requireNonNull(previous, "previous");
      dueDateHistory = List.copyOf(dueDateHistory);
    }

    public static Memory none() {
      return new Memory(Optional.empty(), List.of());
    }

    /** How many times the due date moved from one date to another. */
    public int dueDateMoves() {
      return Math.max(0, dueDateHistory.size() - 1);
    }

    /** The memory a report's provenance holds, or none when it holds none. */
    public static Memory fromProvenance(JsonObject provenance) {
      if (provenance == null) {
        return none();
      }
      var history = new ArrayList<String>();
      var stored = provenance.getJsonArray("dueDateHistory");
      if (stored != null) {
        stored.stream()
            .filter(JsonString.class::isInstance)
            .map(value -> ((JsonString) value).getString())
            .forEach(history::add);
      }
      return new Memory(TaskSnapshot.fromJson(provenance.get("snapshot")), history);
    }

    /** The fields to keep in the provenance of the report. */
    public JsonObject toJson() {
      var history = JsonDocuments.provider().createArrayBuilder();
      dueDateHistory.forEach(history::add);
      var json = JsonDocuments.provider().createObjectBuilder().add("dueDateHistory", history);
      previous.ifPresent(snapshot -> json.add("snapshot", snapshot.toJson()));
      return json.build();
    }
  }

  /**
   * One wake's analysis.
   *
   * @param changes what changed since the last wake, one line each (empty on the first wake)
   * @param observations the changes worth remembering across wakes
   * @param report the new report, markdown
   * @param memory what to carry to the next wake
   */
  public record Analysis(
      List<String> changes, List<String> observations, String report, Memory memory) {
    public Analysis {
      changes = List.copyOf(changes);
      observations = List.copyOf(observations);
      Objects.requireNonNull(report, "report");
      Objects.requireNonNull(memory, "memory");
    }
  }

  public static Analysis analyse(Memory memory, TaskSnapshot now, LocalDate today) {
    var changes = new ArrayList<String>();
    var observations = new ArrayList<String>();
    var history = new ArrayList<>(memory.dueDateHistory());
    if (history.isEmpty() && memory.previous().flatMap(TaskSnapshot::dueDate).isPresent()) {
      history.add(memory.previous().get().dueDate().get());
    }
    if (memory.previous().isEmpty()) {
      now.dueDate().ifPresent(history::add);
      observations.add(firstLook(now));
    } else {
      compare(memory.previous().get(), now, history, changes, observations);
    }
    var next = new Memory(Optional.of(now), history);
    return new Analysis(changes, observations, report(now, next, changes, today), next);
  }

  private static void compare(
      TaskSnapshot before,
      TaskSnapshot now,
      List<String> history,
      List<String> changes,
      List<String> observations) {
    if (!before.title().equals(now.title())) {
      changes.add("Retitled from \"" + before.title() + "\" to \"" + now.title() + "\"");
    }
    if (!before.status().equals(now.status())) {
      var line = "Status changed from " + before.status() + " to " + now.status();
      changes.add(line);
      observations.add(line);
    }
    if (!before.priority().equals(now.priority())) {
      var line =
          "Priority "
              + (now.priority().compareTo(before.priority()) < 0 ? "escalated" : "lowered")
              + " from "
              + before.priority()
              + " to "
              + now.priority();
      changes.add(line);
      observations.add(line);
    }
    if (!before.estimateMinutes().equals(now.estimateMinutes())) {
      changes.add(
          "Estimate changed from "
              + before.estimateMinutes().map(TaskAnalyst::duration).orElse("none")
              + " to "
              + now.estimateMinutes().map(TaskAnalyst::duration).orElse("none"));
    }
    dueDate(before, now, history, changes, observations);
    checklist(before, now, changes, observations);
    if (now.minutesSpent() != before.minutesSpent()) {
      changes.add(
          "Time spent went from "
              + duration(before.minutesSpent())
              + " to "
              + duration(now.minutesSpent()));
      now.estimateMinutes()
          .filter(estimate -> before.minutesSpent() <= estimate && now.minutesSpent() > estimate)
          .ifPresent(
              estimate ->
                  observations.add(
                      "Time spent ("
                          + duration(now.minutesSpent())
                          + ") now exceeds the estimate ("
                          + duration(estimate)
                          + ")"));
    }
  }

  private static void dueDate(
      TaskSnapshot before,
      TaskSnapshot now,
      List<String> history,
      List<String> changes,
      List<String> observations) {
    if (before.dueDate().equals(now.dueDate())) {
      return;
    }
    if (now.dueDate().isEmpty()) {
      var line = "Due date removed (was " + before.dueDate().get() + ")";
      changes.add(line);
      observations.add(line);
      return;
    }
    var date = now.dueDate().get();
    if (history.isEmpty()) {
      history.add(date);
      var line = "Due date set to " + date;
      changes.add(line);
      observations.add(line);
      return;
    }
    history.add(date);
    var moves = history.size() - 1;
    changes.add(
        "Due date moved from " + before.dueDate().orElse(history.get(moves - 1)) + " to " + date);
    observations.add(
        "Due date moved for the " + ordinal(moves) + " time (" + String.join(" → ", history) + ")");
  }

  private static void checklist(
      TaskSnapshot before, TaskSnapshot now, List<String> changes, List<String> observations) {
    var checked = new ArrayList<String>();
    for (var item : now.items()) {
      var old = before.item(item.id());
      if (old.isEmpty()) {
        changes.add(
            "Checklist item added: \""
                + item.title()
                + "\""
                + (item.checked() ? " (checked)" : ""));
      } else if (item.checked() && !old.get().checked()) {
        checked.add(item.title());
        changes.add("Checked \"" + item.title() + "\"");
      } else if (!item.checked() && old.get().checked()) {
        changes.add("Unchecked \"" + item.title() + "\"");
      }
    }
    for (var item : before.items()) {
      if (now.item(item.id()).isEmpty()) {
        changes.add("Checklist item removed: \"" + item.title() + "\"");
      }
    }
    var total = now.items().size();
    if (checked.size() >= 2) {
      observations.add(
          checked.size()
              + " checklist items completed since the last wake ("
              + now.checkedCount()
              + " of "
              + total
              + " done): good momentum");
    } else if (checked.size() == 1) {
      observations.add(
          "Checked \""
              + checked.get(0)
              + "\": "
              + now.checkedCount()
              + " of "
              + total
              + " checklist items done");
    }
    if (total > 0 && now.checkedCount() == total && before.checkedCount() < before.items().size()) {
      observations.add("All " + total + " checklist items are done");
    }
  }

  private static String firstLook(TaskSnapshot task) {
    var text =
        new StringBuilder("Started following the task: ")
            .append(task.status())
            .append(", priority ")
            .append(task.priority());
    if (!task.items().isEmpty()) {
      text.append(", ")
          .append(task.checkedCount())
          .append(" of ")
          .append(task.items().size())
          .append(" checklist items done");
    }
    task.dueDate().ifPresent(date -> text.append(", due ").append(date));
    return text.toString();
  }

  static String report(TaskSnapshot task, Memory memory, List<String> changes, LocalDate today) {
    var text = new StringBuilder("# ").append(task.title()).append("\n\n");
    text.append("**Status:** ").append(task.status());
    text.append(" | **Priority:** ").append(task.priority());
    text.append(" | **Estimate:** ")
        .append(task.estimateMinutes().map(TaskAnalyst::duration).orElse("none"));
    text.append(" | **Due:** ").append(task.dueDate().orElse("none"));
    if (memory.dueDateMoves() > 0) {
      text.append(" (moved ").append(times(memory.dueDateMoves())).append(')');
    }
    text.append("\n\n");
    var summary = new ArrayList<String>();
    if (!task.items().isEmpty()) {
      summary.add(
          "Checklist: "
              + task.checkedCount()
              + " of "
              + task.items().size()
              + " done ("
              + Math.round(100.0 * task.checkedCount() / task.items().size())
              + "%).");
    }
    summary.add(timeLine(task));
    task.dueDate()
        .map(date -> dueLine(LocalDate.parse(date), today, task))
        .filter(line -> !line.isEmpty())
        .ifPresent(summary::add);
    text.append(String.join(" ", summary)).append("\n");
    if (!changes.isEmpty()) {
      text.append("\n## Changed since the last wake\n");
      changes.forEach(line -> text.append("- ").append(line).append('\n'));
    }
    var done = task.items().stream().filter(TaskSnapshot.Item::checked).toList();
    var open = task.items().stream().filter(item -> !item.checked()).toList();
    if (!done.isEmpty()) {
      text.append("\n## Achieved\n");
      done.forEach(item -> text.append("- ").append(item.title()).append('\n'));
    }
    if (!open.isEmpty()) {
      text.append("\n## Remaining\n");
      open.forEach(item -> text.append("- ").append(item.title()).append('\n'));
    }
    return text.toString();
  }

  private static String timeLine(TaskSnapshot task) {
    var line = new StringBuilder("Time spent: ").append(duration(task.minutesSpent()));
    task.estimateMinutes()
        .filter(estimate -> estimate > 0)
        .ifPresent(
            estimate ->
                line.append(" of ")
                    .append(duration(estimate))
                    .append(" estimated (")
                    .append(Math.round(100.0 * task.minutesSpent() / estimate))
                    .append("%)"));
    if (task.timerRunning()) {
      line.append(", timer running");
    }
    return line.append('.').toString();
  }

  private static String dueLine(LocalDate due, LocalDate today, TaskSnapshot task) {
    if (task.status().equals("DONE") || task.status().equals("REJECTED")) {
      return "";
    }
    var days = ChronoUnit.DAYS.between(today, due);
    if (days < 0) {
      return "Overdue by " + plural(-days, "day") + ".";
    }
    if (days == 0) {
      return "Due today.";
    }
    return "Due in " + plural(days, "day") + ".";
  }

  /** {@code 1st}, {@code 2nd}, {@code 3rd}, {@code 4th}, {@code 11th}, {@code 21st}, ... */
  static String ordinal(int n) {
    var suffix =
        n % 100 >= 11 && n % 100 <= 13
            ? "th"
            : switch (n % 10) {
              case 1 -> "st";
              case 2 -> "nd";
              case 3 -> "rd";
              default -> "th";
            };
    return n + suffix;
  }

  private static String times(int n) {
    return n == 1 ? "once" : n == 2 ? "twice" : n + " times";
  }

  private static String plural(long n, String unit) {
    return n + " " + unit + (n == 1 ? "" : "s");
  }

  /** {@code 45m}, {@code 2h}, {@code 2h 30m}. */
  static String duration(long minutes) {
    if (minutes < 60) {
      return minutes + "m";
    }
    return minutes % 60 == 0 ? minutes / 60 + "h" : minutes / 60 + "h " + minutes % 60 + "m";
  }
}
