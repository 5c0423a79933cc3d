package io.reveille.tool.control;

import static io.reveille.tool.control.ToolScenario.args;
import static io.reveille.tool.control.ToolScenario.inAndOut;

import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.TimeEntryService.NewTimeEntry;
import io.reveille.tool.control.ToolWorld.World;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/** Scenarios of the time capture tools: each reaches for task B, category B or an entry in B. */
final class TimeToolScenarios {

  private TimeToolScenarios() {}

  /** The user's zone in these scenarios: "yesterday" is resolved in it. */
  static final ZoneOffset ZONE = ZoneOffset.ofHours(-5);

  static List<ToolScenario> all() {
    return List.of(
        ToolScenario.of(
            "create_retrospective_time_entry",
            w ->
                inAndOut(
                    retrospective().add("taskId", w.taskA).add("sourceEntryId", "voice-1").build(),
                    retrospective().add("taskId", w.taskB).build(),
                    retrospective().add("categoryId", w.categoryB).build(),
                    retrospective().add("taskId", w.taskA).add("categoryId", w.categoryB).build())),
        ToolScenario.of(
            "create_time_entry",
            w ->
                inAndOut(
                    spent().add("taskId", w.taskA).build(),
                    spent().add("taskId", w.taskB).build())),
        ToolScenario.of(
            "update_running_timer",
            w -> {
              w.services.timeEntries.startTimer(w.taskA, Optional.empty(), ChangeOrigin.NONE);
              w.foreign(
                  w.services
                      .timeEntries
                      .startTimer(w.taskB, Optional.empty(), ChangeOrigin.NONE)
                      .getId());
              return inAndOut(
                  args().add("taskId", w.taskA).add("summary", "Drafting the intro").build(),
                  args().add("taskId", w.taskB).add("summary", "Drafting").build());
            }),
        ToolScenario.of(
            "start_task_timer",
            w ->
                inAndOut(
                    args().add("taskId", w.taskA).add("description", "Started by a tool").build(),
                    args().add("taskId", w.taskB).build())),
        ToolScenario.of(
            "stop_task_timer",
            w -> {
              w.services.timeEntries.startTimer(w.taskA, Optional.empty(), ChangeOrigin.NONE);
              w.foreign(
                  w.services
                      .timeEntries
                      .startTimer(w.taskB, Optional.empty(), ChangeOrigin.NONE)
                      .getId());
              return inAndOut(
                  args().add("taskId", w.taskA).build(), args().add("taskId", w.taskB).build());
            }),
        ToolScenario.of(
            "annotate_time_entry",
            w -> {
              var entryA = entry(w, w.taskA);
              var entryB = entry(w, w.taskB);
              w.foreign(entryB);
              return inAndOut(
                  args()
                      .add("entryId", entryA)
                      .add("text", "Annotated")
                      .add("mode", "append")
                      .build(),
                  args()
                      .add("entryId", entryB)
                      .add("text", "Annotated")
                      .add("mode", "replace")
                      .build());
            }),
        ToolScenario.of(
            "update_time_entry",
            w -> {
              var entryA = entry(w, w.taskA);
              var entryB = entry(w, w.taskB);
              w.foreign(entryB);
              return inAndOut(
                  args()
                      .add("entryId", entryA)
                      .add("startedAt", rfc3339(yesterdayAt(8)))
                      .add("description", "Started earlier than logged")
                      .build(),
                  args().add("entryId", entryB).addNull("description").build());
            }));
  }

  /** 16:00–18:00 yesterday in {@link #ZONE}. */
  static OffsetDateTime yesterdayAt(int hour) {
    return OffsetDateTime.of(
        OffsetDateTime.now(ZONE).toLocalDate().minusDays(1), LocalTime.of(hour, 0), ZONE);
  }

  /** With seconds always ({@code OffsetDateTime.toString()} drops zero seconds; RFC 3339 not). */
  static String rfc3339(OffsetDateTime time) {
    return time.format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX"));
  }

  /** {@code create_time_entry}'s arguments: 16:00-18:00 yesterday, with a summary. */
  static jakarta.json.JsonObjectBuilder spent() {
    return args()
        .add("startTime", rfc3339(yesterdayAt(16)))
        .add("endTime", rfc3339(yesterdayAt(18)))
        .add("summary", "Logged by a tool");
  }

  static jakarta.json.JsonObjectBuilder retrospective() {
    return args()
        .add("startedAt", rfc3339(yesterdayAt(16)))
        .add("endedAt", rfc3339(yesterdayAt(18)))
        .add("description", "Logged by a tool");
  }

  /** A stopped entry on the task, 09:00–10:00 yesterday, made without a tool. */
  static String entry(World w, String taskId) {
    return w.services
        .timeEntries
        .createTimeEntry(
            new NewTimeEntry(
                Optional.of(taskId),
                Optional.empty(),
                yesterdayAt(9).toInstant(),
                Optional.of(yesterdayAt(10).toInstant()),
                Optional.of("Worked"),
                Optional.empty()),
            ChangeOrigin.NONE)
        .getId();
  }
}
