package io.reveille.dayplanner.control;

import io.reveille.dayplanner.control.DayPlanner.OpenTask;
import io.reveille.dayplanner.control.DayPlanner.Plan;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

/** The deterministic engine's report: the day's blocks as a table, and what was left out. */
final class PlanReport {

  private PlanReport() {}

  /**
   * @param failure why the plan could not be written, if it could not (the blocks are then what the
   *     planner meant to write)
   */
  static String markdown(Plan plan, int openTasks, Optional<String> failure) {
    var day = plan.day();
    var text = new StringBuilder();
    text.append("# Day plan for ").append(day.date()).append("\n\n");
    text.append("Working hours ")
        .append(day.start())
        .append("–")
        .append(day.end())
        .append(" (")
        .append(day.zone().getId())
        .append("). ");
    if (failure.isPresent()) {
      text.append("**The plan could not be written:** ")
          .append(failure.get())
          .append("\n\nThe planner meant to plan:\n\n");
    } else if (openTasks == 0) {
      text.append("No open tasks in scope: nothing to plan.\n");
      return text.toString();
    } else if (plan.isEmpty()) {
      text.append("Nothing planned.\n\n");
    } else {
      var total =
          plan.slots().stream()
              .map(slot -> Duration.between(slot.start(), slot.end()))
              .reduce(Duration.ZERO, Duration::plus);
      text.append(plan.slots().size())
          .append(plan.slots().size() == 1 ? " block, " : " blocks, ")
          .append(length(total))
          .append(" planned from ")
          .append(openTasks)
          .append(openTasks == 1 ? " open task.\n\n" : " open tasks.\n\n");
    }
    if (!plan.isEmpty()) {
      text.append("| time | task | priority | due |\n| --- | --- | --- | --- |\n");
      for (var slot : plan.slots()) {
        text.append("| ")
            .append(clock(slot.start(), day.zone()))
            .append("–")
            .append(clock(slot.end(), day.zone()))
            .append(" | ")
            .append(cell(slot.task().title()))
            .append(" | ")
            .append(slot.task().priority())
            .append(" | ")
            .append(slot.task().dueDate().map(Object::toString).orElse("—"))
            .append(" |\n");
      }
    }
    list(text, "Did not fit before " + day.end(), plan.notFitted());
    list(text, "Already on the plan (a block someone else made)", plan.plannedElsewhere());
    return text.toString();
  }

  private static void list(StringBuilder text, String heading, List<OpenTask> tasks) {
    if (tasks.isEmpty()) {
      return;
    }
    text.append("\n## ").append(heading).append("\n\n");
    for (var task : tasks) {
      text.append("- ")
          .append(task.title())
          .append(" (")
          .append(task.priority())
          .append(", ")
          .append(length(task.blockLength()))
          .append(")\n");
    }
  }

  private static String clock(Instant instant, ZoneId zone) {
    return LocalTime.ofInstant(instant, zone).toString();
  }

  private static String length(Duration duration) {
    var hours = duration.toHours();
    var minutes = duration.toMinutesPart();
    if (hours == 0) {
      return minutes + " min";
    }
    return minutes == 0 ? hours + " h" : hours + " h " + minutes + " min";
  }

  /** A title inside a table cell: pipes and line breaks would break the row. */
  private static String cell(String title) {
    return title.replace("|", "\\|").replace('\n', ' ').replace('\r', ' ');
  }
}
