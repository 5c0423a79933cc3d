package io.reveille.schedule.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentState;
import io.reveille.observability.control.Metrics;
import io.reveille.schedule.entity.AgentTimer;
import io.reveille.wake.control.WakeScheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What happens when a timer's alarm goes off, in the alarm's transaction: record the firing on the
 * timer, set the alarm for the next firing computed from the timer's intent and now, and enqueue
 * one wake for every firing due — a {@code timer} wake, or one {@code timer_catchup} wake for
 * several missed ones.
 *
 * <p>Exactly once: an alarm that is no longer pending when the agent's lock is taken (cancelled by
 * a pause or a change meanwhile, fired by another node) does nothing; an alarm set for a firing the
 * timer has moved past (an alarm left from an earlier definition) finds {@code nextRunAt} changed
 * and does nothing; two callbacks racing on the same firing derive the same run key and collide on
 * it and on the timer's {@code @Version}, and only one commits.
 */
@ApplicationScoped
@Transactional
public class TimerFiring {

  private static final Logger LOG = Logger.getLogger(TimerFiring.class.getName());

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;
  @Inject AgentService agents;
  @Inject TimerAlarms alarms;
  @Inject WakeScheduler wakes;
  @Inject AgentTimerService timers;
  @Inject Metrics metrics;

  /**
   * The alarm of timer {@code timerId} of agent {@code agentId} set for {@code firing} went off:
   * fires it, or ignores it when stale, and removes it either way. With {@code mayRunInline} a
   * self-contained run of the wake is executed in this transaction ({@link
   * WakeScheduler#scheduleTimer}).
   *
   * <p>The agent's state lock comes first, before the alarm row, as in every change of a timer and
   * its alarms, so a firing and a change of the same timer queue instead of deadlocking; the agent
   * and the timer are read only after it, so they are current without a refresh. The caller's
   * persistence context must not hold them yet (a new transaction, or one cleared after the
   * previous firing).
   *
   * @param agentId the timer's agent, empty when the timer was gone when its alarm was claimed
   */
  public void fire(String agentId, String timerId, Instant firing, boolean mayRunInline) {
    var state = agentId.isEmpty() ? Optional.<AgentState>empty() : agents.lockState(agentId);
    // An alarm no longer there was cancelled (a pause, a change, a delete) or fired by another
    // node while this one waited for the lock: nothing to do.
    if (!alarms.remove(timerId, firing) || state.isEmpty()) {
      LOG.log(
          Level.FINE,
          "Alarm of timer {0} for {1} is no longer pending, or its agent is gone",
          new Object[] {timerId, firing});
      return;
    }
    var agent = agents.find(agentId);
    var timer = em.find(AgentTimer.class, timerId);
    if (agent.isEmpty()
        || timer == null
        || !timer.getAgentId().equals(agentId)
        || !timer.isActive()
        || timer.getNextRunAt() == null
        || timer.getNextRunAt().toEpochMilli() != firing.toEpochMilli()) {
      LOG.log(
          Level.FINE,
          "Alarm of timer {0} for {1} is stale (the timer is gone, inactive or next fires at {2}):"
              + " ignored",
          new Object[] {timerId, firing, timer == null ? null : timer.getNextRunAt()});
      return;
    }
    var now = clock.instant();
    var due = DueFirings.at(timers.definition(timer), timer.getNextRunAt(), now);
    if (due.isEmpty()) {
      // Early (the clock went back): wait for the firing again.
      alarms.arm(timerId, timer.getNextRunAt());
      return;
    }
    var firings = due.get();
    metrics.timerLateness(Duration.between(firing, now));
    var lifecycle = agent.get().getLifecycle();
    // The timer's own bookkeeping first, then the wake: a run executed within this transaction
    // (mayRunInline) comes last, so that these queries need not flush what the run wrote.
    timer.recordFired(firings.last(), firings.next().orElse(null));
    if (timer.isActive() && lifecycle == AgentLifecycle.ACTIVE) {
      alarms.arm(timerId, timer.getNextRunAt());
    }
    timers.refreshScheduledWake(state.get(), lifecycle);
    if (lifecycle == AgentLifecycle.ACTIVE) {
      wakes.scheduleTimer(
          timer.getAgentId(),
          timerId,
          firings.first(),
          firings.last(),
          firings.count(),
          mayRunInline);
    } else {
      wakes.recordSkippedFirings(
          timer.getAgentId(),
          timerId,
          firings.first(),
          firings.last(),
          firings.count(),
          "agent is " + lifecycle.wire());
    }
    LOG.log(
        Level.FINE,
        "Timer {0} fired for {1} ({2} firing(s)); next {3}",
        new Object[] {timerId, firings.first(), firings.count(), timer.getNextRunAt()});
  }
}
