package io.reveille.schedule.control;

import io.reveille.agent.control.AgentLifecycleChanged;
import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentState;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.error.PreconditionFailedException;
import io.reveille.schedule.entity.AgentTimer;
import io.reveille.wake.control.WakeScheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * An agent's timers: create, change and delete them, and keep their alarms in step — with the row,
 * in one transaction, and with the agent's lifecycle (a paused or destroyed agent has no pending
 * alarm; resuming re-arms every active timer and accounts for the firings it slept through as one
 * skipped entry per timer).
 *
 * <p>Lock order: every method that writes a timer first locks the agent's state row, as {@link
 * TimerFiring} does, so a change and a firing of the same agent's timers queue behind each other.
 */
@ApplicationScoped
@Transactional
public class AgentTimerService {

  private static final Logger LOG = Logger.getLogger(AgentTimerService.class.getName());

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;
  @Inject AgentService agents;
  @Inject TimerAlarms alarms;
  @Inject WakeScheduler wakes;
  @Inject ScheduleConfig config;

  /** Creates a timer from its API document; it is armed at once when the agent is active. */
  public AgentTimer create(String agentId, JsonObject body) {
    var agent = agents.get(agentId);
    agent.requireNotDestroyed("take timers");
    agents.requireHome(agent, "give it timers");
    var state = agents.stateForUpdate(agentId);
    var now = clock.instant();
    var request = ScheduleParser.forInput(config.minimumInterval()).request(body, now);
    // Counted under the agent's state lock: two requests cannot both take the last place.
    var timers =
        em.createNamedQuery("AgentTimer.countByAgent", Long.class)
            .setParameter("agentId", agentId)
            .getSingleResult();
    if (timers >= config.maxPerAgent()) {
      throw new ConflictException(
          "agent "
              + agentId
              + " has "
              + timers
              + " timers, the most one agent may have (reveille.timer.max-per-agent);"
              + " delete one first");
    }
    var definition = request.definition();
    var schedule = definition.schedule();
    var next = definition.nextAfter(now);
    var timer =
        new AgentTimer(
            UUID.randomUUID().toString(),
            agentId,
            schedule.kind(),
            schedule.toJson(),
            schedule.zone(),
            next.orElse(now),
            now);
    timer.bound(definition.notBefore().orElse(null), definition.notAfter().orElse(null), now);
    if (!request.active()) {
      timer.deactivate(now);
    }
    em.persist(timer);
    em.flush();
    if (timer.isActive() && agent.isActive()) {
      alarms.arm(timer.getId(), timer.getNextRunAt());
    }
    refreshScheduledWake(state, agent.getLifecycle());
    return timer;
  }

  /** The firings a timer preview shows at most. */
  public static final int MAX_PREVIEW = 50;

  /** A timer document's next firings, as it would fire if saved now, and its canonical schedule. */
  public record Preview(TimerDefinition definition, List<Instant> firings) {}

  /**
   * The next {@code count} firings of a timer document (as {@link #create} or {@link #update} take
   * it) from now, without saving anything: fewer when it stops firing before.
   *
   * @throws io.reveille.platform.error.InvalidInputException as creating the timer would, or for a
   *     count outside 1 to {@value #MAX_PREVIEW}
   */
  public Preview preview(String agentId, JsonObject body, int count) {
    if (count < 1 || count > MAX_PREVIEW) {
      throw new io.reveille.platform.error.InvalidInputException(
          "count", "must be 1 to " + MAX_PREVIEW);
    }
    agents.get(agentId);
    var now = clock.instant();
    var definition =
        ScheduleParser.forInput(config.minimumInterval()).request(body, now).definition();
    var firings = new java.util.ArrayList<Instant>();
    var after = now;
    while (firings.size() < count) {
      var next = definition.nextAfter(after);
      if (next.isEmpty()) {
        break;
      }
      firings.add(next.get());
      after = next.get();
    }
    return new Preview(definition, firings);
  }

  public List<AgentTimer> list(String agentId) {
    agents.get(agentId);
    return em.createNamedQuery("AgentTimer.findByAgent", AgentTimer.class)
        .setParameter("agentId", agentId)
        .getResultList();
  }

  public AgentTimer get(String agentId, String timerId) {
    agents.get(agentId);
    var timer = em.find(AgentTimer.class, timerId);
    if (timer == null || !timer.getAgentId().equals(agentId)) {
      throw new NotFoundException("timer", timerId);
    }
    return timer;
  }

  /**
   * Replaces a timer's definition (schedule, bounds, active flag). The next firing is recomputed
   * from the new intent and now: a new zone keeps "07:00" at 07:00 local to the new zone.
   */
  public AgentTimer update(
      String agentId, String timerId, OptionalLong expectedVersion, JsonObject body) {
    var agent = agents.get(agentId);
    var state = agents.stateForUpdate(agentId);
    var timer = current(agentId, timerId, expectedVersion);
    agent.requireNotDestroyed("change its timers");
    agents.requireHome(agent, "change its timers");
    var now = clock.instant();
    var request = ScheduleParser.forInput(config.minimumInterval()).request(body, now);
    var definition = request.definition();
    var schedule = definition.schedule();
    alarms.cancel(timerId);
    var next = request.active() ? definition.nextAfter(now).orElse(null) : null;
    timer.redefine(schedule.kind(), schedule.toJson(), schedule.zone(), next, now);
    timer.bound(definition.notBefore().orElse(null), definition.notAfter().orElse(null), now);
    em.flush();
    if (timer.isActive() && agent.isActive()) {
      alarms.arm(timerId, timer.getNextRunAt());
    }
    refreshScheduledWake(state, agent.getLifecycle());
    return timer;
  }

  /** Deletes a timer and cancels its alarm, in one transaction. */
  public void delete(String agentId, String timerId, OptionalLong expectedVersion) {
    var agent = agents.get(agentId);
    var state = agents.stateForUpdate(agentId);
    var timer = current(agentId, timerId, expectedVersion);
    alarms.cancel(timerId);
    em.remove(timer);
    em.flush();
    refreshScheduledWake(state, agent.getLifecycle());
  }

  /** Keeps alarms in step with the agent's lifecycle, inside the transition's transaction. */
  void onLifecycleChanged(@Observes AgentLifecycleChanged change) {
    var agentId = change.agentId();
    var state = agents.stateForUpdate(agentId);
    var now = clock.instant();
    for (var timer : activeTimers(agentId)) {
      if (change.to() == AgentLifecycle.ACTIVE) {
        accountForSleep(timer, now);
        if (timer.isActive()) {
          alarms.arm(timer.getId(), timer.getNextRunAt());
        }
      } else {
        alarms.cancel(timer.getId());
        if (change.to() == AgentLifecycle.DESTROYED) {
          timer.deactivate(now);
        }
      }
    }
    em.flush();
    refreshScheduledWake(state, change.to());
  }

  /**
   * Firings a timer missed while its agent was not active: one skipped entry for them all, and the
   * timer moves on to its first firing after now.
   */
  private void accountForSleep(AgentTimer timer, Instant now) {
    var due = DueFirings.at(definition(timer), timer.getNextRunAt(), now);
    if (due.isEmpty()) {
      return;
    }
    var firings = due.get();
    wakes.recordSkippedFirings(
        timer.getAgentId(),
        timer.getId(),
        firings.first(),
        firings.last(),
        firings.count(),
        "agent was not active");
    timer.recordFired(firings.last(), firings.next().orElse(null));
  }

  /**
   * Makes the alarms match the active timers of active agents: arms what is missing (a store
   * restored from a backup, a timer written while its alarm could not be) and cancels alarms of
   * timers that no longer exist or must not fire. Run at start-up.
   *
   * @return how many alarms were armed and cancelled
   */
  public Reconciliation reconcile() {
    // Timers first, alarms second: a timer that fires in between has moved on (its version
    // changed) and armed its own next alarm; it is recognised below and left alone.
    var timers =
        em.createNamedQuery("AgentTimer.findActiveOfActiveAgents", AgentTimer.class)
            .setParameter("lifecycle", AgentLifecycle.ACTIVE)
            .getResultList();
    var versions = new HashMap<String, Long>();
    timers.forEach(timer -> versions.put(timer.getId(), timer.getVersion()));
    var pending = alarms.pending();
    var armed = 0;
    for (var timer : timers) {
      var at = timer.getNextRunAt();
      var set = pending.getOrDefault(timer.getId(), List.of());
      if (set.stream().anyMatch(alarm -> alarm.toEpochMilli() == at.toEpochMilli())) {
        continue;
      }
      em.refresh(timer);
      if (timer.getVersion() != versions.get(timer.getId()) || !timer.isActive()) {
        continue;
      }
      alarms.arm(timer.getId(), timer.getNextRunAt());
      armed++;
    }
    var cancelled = 0;
    for (var timerId : pending.keySet()) {
      if (!versions.containsKey(timerId) && !shouldFire(timerId)) {
        cancelled += alarms.cancel(timerId);
      }
    }
    if (armed > 0 || cancelled > 0) {
      LOG.log(
          Level.INFO,
          "Timer alarms reconciled: {0} armed, {1} cancelled, {2} active timers",
          new Object[] {armed, cancelled, timers.size()});
    }
    return new Reconciliation(timers.size(), armed, cancelled);
  }

  /** Whether the timer exists, is active and belongs to an active agent (read now). */
  private boolean shouldFire(String timerId) {
    var timer = em.find(AgentTimer.class, timerId);
    return timer != null
        && timer.isActive()
        && agents.find(timer.getAgentId()).filter(Agent::isActive).isPresent();
  }

  /** What {@link #reconcile()} found and did. */
  public record Reconciliation(int activeTimers, int armed, int cancelled) {}

  /** The timer's stored intent, as a definition to compute firings from. */
  public TimerDefinition definition(AgentTimer timer) {
    var schedule = ScheduleParser.forStored().schedule(timer.getSchedule(), clock.instant());
    return new TimerDefinition(
        schedule,
        Optional.ofNullable(timer.getNotBefore()),
        Optional.ofNullable(timer.getNotAfter()));
  }

  /**
   * Sets {@code scheduledWakeAt} on the agent's state, which the caller has locked, to its earliest
   * active timer's next firing; clears it unless the agent is active.
   */
  void refreshScheduledWake(AgentState state, AgentLifecycle lifecycle) {
    refreshScheduledWake(state, lifecycle, activeTimers(state.getAgentId()));
  }

  /**
   * As {@link #refreshScheduledWake(AgentState, AgentLifecycle)}, from {@code timers}, every timer
   * of the agent as this persistence context holds them (the inactive ones are passed over): for a
   * caller that has read them already.
   */
  void refreshScheduledWake(AgentState state, AgentLifecycle lifecycle, List<AgentTimer> timers) {
    var earliest =
        timers.stream()
            .filter(AgentTimer::isActive)
            .map(AgentTimer::getNextRunAt)
            .filter(Objects::nonNull)
            .min(Comparator.naturalOrder());
    if (earliest.isPresent() && lifecycle == AgentLifecycle.ACTIVE) {
      state.scheduleWake(earliest.get());
    } else {
      state.clearScheduledWake();
    }
  }

  private List<AgentTimer> activeTimers(String agentId) {
    return em.createNamedQuery("AgentTimer.findActiveByAgent", AgentTimer.class)
        .setParameter("agentId", agentId)
        .getResultList();
  }

  private AgentTimer current(String agentId, String timerId, OptionalLong expectedVersion) {
    var timer = get(agentId, timerId);
    if (expectedVersion.isPresent() && expectedVersion.getAsLong() != timer.getVersion()) {
      throw new PreconditionFailedException(
          "timer "
              + timerId
              + " is at version "
              + timer.getVersion()
              + ", not "
              + expectedVersion.getAsLong());
    }
    return timer;
  }
}
