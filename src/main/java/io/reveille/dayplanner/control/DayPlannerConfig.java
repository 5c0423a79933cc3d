package io.reveille.dayplanner.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Day planner settings (docs/operations.md, configuration: reveille.dayplanner.*): the working
 * hours blocks go into.
 */
@ApplicationScoped
public class DayPlannerConfig {

  private LocalTime dayStart;
  private LocalTime dayEnd;

  DayPlannerConfig() {}

  @Inject
  DayPlannerConfig(
      @ConfigProperty(name = "reveille.dayplanner.day-start", defaultValue = "09:00") String start,
      @ConfigProperty(name = "reveille.dayplanner.day-end", defaultValue = "18:00") String end) {
    this.dayStart = time("reveille.dayplanner.day-start", start);
    this.dayEnd = time("reveille.dayplanner.day-end", end);
    if (!dayEnd.isAfter(dayStart)) {
      throw new IllegalArgumentException(
          "reveille.dayplanner.day-end ("
              + end
              + ") must be after reveille.dayplanner.day-start ("
              + start
              + ")");
    }
  }

  /** Local time in the planner's zone at which the first block may start. */
  public LocalTime dayStart() {
    return dayStart;
  }

  /** Local time in the planner's zone by which the last block must end. */
  public LocalTime dayEnd() {
    return dayEnd;
  }

  private static LocalTime time(String key, String value) {
    try {
      return LocalTime.parse(value.strip());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          key + " must be a time like 09:00, was '" + value + "'", e);
    }
  }
}
