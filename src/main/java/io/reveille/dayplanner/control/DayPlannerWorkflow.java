package io.reveille.dayplanner.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentKind;
import io.reveille.dayplanner.control.DayPlanner.Day;
import io.reveille.memory.control.MemoryService;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.schedule.control.AgentTimerService;
import io.reveille.schedule.entity.AgentTimer;
import io.reveille.schedule.entity.ScheduleKind;
import io.reveille.wake.control.AgentWorkflow;
import io.reveille.wake.control.WakeOutcome;
import io.reveille.wake.control.WakeOutcome.ReportDraft;
import io.reveille.wake.control.WakeRun;
import io.reveille.workflow.control.WakeOpener;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The day planner's wake: work out which day to plan (its date, zone and working hours), let the
 * engine the agent thinks with plan it — {@link DeterministicDayPlanning} or {@link
 * ModelDayPlanning} — and hand a report of the day to the runner, its provenance naming the engine,
 * the day and the planner's blocks on it.
 *
 * <p>Either engine revises on a later wake of the same day: the planner's own blocks (those its
 * ledger says it created, see {@link PlannerLedger}) are moved, kept or deleted; everyone else's
 * are planned around, and a task someone else already gave a block is not planned twice. Every tool
 * call goes through the tool executor with an ordinal in the run, so a re-run of the wake replays
 * the plan it wrote instead of writing it again.
 */
@ApplicationScoped
public class DayPlannerWorkflow implements AgentWorkflow {

  private static final Logger LOG = Logger.getLogger(DayPlannerWorkflow.class.getName());

  /** A slot preference naming the planner's zone, for agents without a zoned timer. */
  static final String ZONE_PREFERENCE = "timeZone";

  /**
   * A slot preference naming a local time ({@code HH:mm}) at which the planner plans again, every
   * day, without a timer: each wake sets its next one there ({@link WakeOutcome#withNextWake}).
   */
  static final String REPLAN_PREFERENCE = "replanAt";

  /**
   * What an engine made of the day: the report, the ids of the planner's blocks on the day's plan
   * after the wake, and the start of the report's provenance (the engine's).
   */
  record Planned(String report, List<String> blockIds, JsonObject provenance) {
    Planned {
      Objects.requireNonNull(report, "report");
      blockIds = List.copyOf(blockIds);
      Objects.requireNonNull(provenance, "provenance");
    }
  }

  @Inject WakeOpener opener;
  @Inject AgentService agents;
  @Inject AgentTimerService timers;
  @Inject DayPlannerConfig config;
  @Inject DeterministicDayPlanning deterministic;
  @Inject ModelDayPlanning withModel;
  @Inject Clock clock;

  @Override
  public AgentKind kind() {
    return AgentKind.DAY_PLANNER;
  }

  @Override
  public WakeOutcome execute(WakeRun run) {
    var opening = opener.open(run);
    var preferences = new Preferences(run.agentId());
    var zone = zone(run, preferences);
    var day = new Day(planDate(run, zone), zone, config.dayStart(), config.dayEnd());
    var planned =
        opening.engine().isDeterministic()
            ? deterministic.plan(run, day)
            : withModel.plan(run, opening.agent(), day, opening.engine());
    var ids = JsonDocuments.provider().createArrayBuilder();
    planned.blockIds().forEach(ids::add);
    var provenance =
        JsonDocuments.provider()
            .createObjectBuilder(planned.provenance())
            .add("reason", run.reason().wire())
            .add("planDate", day.date().toString())
            .add("zone", day.zone().getId())
            .add("blockIds", ids)
            .build();
    var outcome =
        WakeOutcome.report(
            new ReportDraft(MemoryService.DEFAULT_REPORT_SCOPE, planned.report(), provenance));
    var replan = replanAt(run.agentId(), preferences);
    if (replan.isEmpty()) {
      return outcome;
    }
    var next = nextOccurrence(replan.get(), zone, clock.instant());
    return outcome.withNextWake(
        next, "plan the day again at " + replan.get() + " (" + zone.getId() + ")");
  }

  /** The agent's slot preferences, read once a wake and only when asked for. */
  private final class Preferences {
    private final String agentId;
    private java.util.Map<String, String> read;

    Preferences(String agentId) {
      this.agentId = agentId;
    }

    String get(String key) {
      if (read == null) {
        read = agents.state(agentId).getSlots().getPreferenceByKey();
      }
      return read.get(key);
    }
  }

  /** The planner's {@code replanAt} preference, if it sets a valid one. */
  private static Optional<LocalTime> replanAt(String agentId, Preferences preferences) {
    var preferred = preferences.get(REPLAN_PREFERENCE);
    if (preferred == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(LocalTime.parse(preferred.strip()));
    } catch (DateTimeException e) {
      LOG.log(
          Level.WARNING,
          "Day planner {0}: slot preference {1}=''{2}'' is not a time like 07:30; ignored",
          new Object[] {agentId, REPLAN_PREFERENCE, preferred});
      return Optional.empty();
    }
  }

  /** The first moment after {@code now} at which it is {@code time} in {@code zone}. */
  static Instant nextOccurrence(LocalTime time, ZoneId zone, Instant now) {
    var today = now.atZone(zone).toLocalDate();
    var candidate = today.atTime(time).atZone(zone).toInstant();
    return candidate.isAfter(now)
        ? candidate
        : today.plusDays(1).atTime(time).atZone(zone).toInstant();
  }

  // ---- the day -------------------------------------------------------------------------------

  /**
   * The zone the day is planned in: the firing timer's (a daily, weekly or calendar schedule; an
   * interval has none), else the {@code timeZone} slot preference, else the zone of the agent's
   * first zoned timer (for manual wakes), else UTC.
   */
  private ZoneId zone(WakeRun run, Preferences preferences) {
    var firing =
        run.firings()
            .flatMap(f -> timer(run.agentId(), f.timerId()))
            .flatMap(DayPlannerWorkflow::zoneOf);
    if (firing.isPresent()) {
      return firing.get();
    }
    var preferred = preferences.get(ZONE_PREFERENCE);
    if (preferred != null) {
      try {
        return ZoneId.of(preferred.strip());
      } catch (DateTimeException e) {
        LOG.log(
            Level.WARNING,
            "Day planner {0}: slot preference {1}=''{2}'' is not a time zone; ignored",
            new Object[] {run.agentId(), ZONE_PREFERENCE, preferred});
      }
    }
    return timers.list(run.agentId()).stream()
        .filter(AgentTimer::isActive)
        .map(DayPlannerWorkflow::zoneOf)
        .flatMap(Optional::stream)
        .findFirst()
        .orElse(ZoneOffset.UTC);
  }

  private Optional<AgentTimer> timer(String agentId, String timerId) {
    try {
      return Optional.of(timers.get(agentId, timerId));
    } catch (NotFoundException e) {
      return Optional.empty();
    }
  }

  private static Optional<ZoneId> zoneOf(AgentTimer timer) {
    return timer.getScheduleKind() == ScheduleKind.INTERVAL
        ? Optional.empty()
        : Optional.of(timer.getZoneId());
  }

  /**
   * The date to plan: a timer wake plans the day of its (last) nominal firing — a catch-up after
   * downtime plans the latest missed day, not days gone by; any other wake plans today.
   */
  LocalDate planDate(WakeRun run, ZoneId zone) {
    return run.firings()
        .map(firings -> LocalDate.ofInstant(firings.until(), zone))
        .orElseGet(() -> LocalDate.now(clock.withZone(zone)));
  }
}
