package io.reveille.schedule.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentState;
import io.reveille.memory.control.MemoryService;
import io.reveille.observability.control.Metrics;
import io.reveille.schedule.control.AlarmBatches.Claimed;
import io.reveille.schedule.entity.AgentTimer;
import io.reveille.schedule.entity.TimerAlarm;
import io.reveille.wake.control.RunKeys;
import io.reveille.wake.control.WakeScheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.FlushModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
  @Inject WakeScheduler wakes;
  @Inject AgentTimerService timers;
  @Inject Metrics metrics;
  @Inject MemoryService memory;

  /**
   * The alarm of timer {@code timerId} of agent {@code agentId} set for {@code firing} went off:
   * fires it, or ignores it when stale, and removes it either way, as {@link #fireAll} does for one
   * alarm.
   *
   * @param agentId the timer's agent, empty when the timer was gone when its alarm was claimed
   */
  public void fire(String agentId, String timerId, Instant firing, boolean mayRunInline) {
    fireAll(List.of(new Claimed(agentId, timerId, firing)), mayRunInline, false);
  }

  /**
   * Fires claimed alarms, given in {@link Claimed#LOCK_ORDER}, in the caller's transaction. With
   * {@code mayRunInline} a self-contained run of each wake is executed here too ({@link
   * WakeScheduler#scheduleTimer}). With {@code lockInOneStatement} (PostgreSQL) the agents' states
   * are locked in one statement ({@link AgentService#lockStates}).
   *
   * <p>The agents' state locks come first, in agent-id order, before any alarm row, as in every
   * change of a timer and its alarms, so a firing and a change of the same timer queue instead of
   * deadlocking. Only then are the agents, their timers and the alarms read, each in one statement
   * for all the alarms ({@link Loaded}): what they read committed before the locks were taken, and
   * is current without a refresh. The caller's persistence context must not hold them yet (a new
   * transaction, or one cleared after the previous slice of a batch).
   */
  public void fireAll(List<Claimed> claimed, boolean mayRunInline, boolean lockInOneStatement) {
    var loaded = load(claimed, lockInOneStatement);
    for (var alarm : claimed) {
      fire(loaded, alarm, mayRunInline);
    }
    loaded.moves().write(em);
  }

  /**
   * What the firings of a slice need, read at once: the locked states by agent, every timer of
   * those agents by agent (their active ones give the agent's next scheduled wake), and the pending
   * alarms of the claimed timers by key (whether an alarm is still pending, and whether the next
   * one is armed already), and which of the runs the due firings would write are in the run log
   * already (a firing handled before finds its run; every firing writes its run under the agent's
   * state lock, so the answer holds for the slice). The agents' head messages are read with them,
   * and their started runs, which single flight asks about ({@link WakeScheduler#readStartedRuns}).
   * The alarms the firings move wait in {@code moves} until the slice's last firing is done.
   */
  private record Loaded(
      Map<String, AgentState> states,
      Map<String, List<AgentTimer>> timers,
      Map<TimerAlarm.Key, TimerAlarm> pending,
      Set<String> askedRuns,
      Set<String> loggedRuns,
      AlarmMoves moves) {

    /** Whether the run was asked for with the slice and is not in the run log. */
    boolean unlogged(String runKey) {
      return askedRuns.contains(runKey) && !loggedRuns.contains(runKey);
    }
  }

  private Loaded load(List<Claimed> claimed, boolean lockInOneStatement) {
    var states =
        agents.lockStates(
            claimed.stream().map(Claimed::agentId).filter(id -> !id.isEmpty()).toList(),
            lockInOneStatement);
    agents.load(states.keySet());
    memory.loadHeads(states.values());
    wakes.readStartedRuns(states.keySet());
    var timers = new HashMap<String, List<AgentTimer>>();
    if (!states.isEmpty()) {
      em.createNamedQuery("AgentTimer.ofAgents", AgentTimer.class)
          .setParameter("agentIds", states.keySet())
          .setFlushMode(FlushModeType.COMMIT)
          .getResultList()
          .forEach(t -> timers.computeIfAbsent(t.getAgentId(), id -> new ArrayList<>()).add(t));
    }
    var pending = new HashMap<TimerAlarm.Key, TimerAlarm>();
    em.createNamedQuery("TimerAlarm.ofTimers", TimerAlarm.class)
        .setParameter("timerIds", claimed.stream().map(Claimed::timerId).distinct().toList())
        .setFlushMode(FlushModeType.COMMIT)
        .getResultList()
        .forEach(alarm -> pending.put(alarm.key(), alarm));
    var runKeys =
        claimed.stream()
            .map(alarm -> runKey(alarm, em.find(AgentTimer.class, alarm.timerId())))
            .flatMap(Optional::stream)
            .toList();
    return new Loaded(
        states, timers, pending, Set.copyOf(runKeys), wakes.loggedRuns(runKeys), new AlarmMoves());
  }

  /**
   * The run key of the firing {@code alarm} stands for, when it is due to fire: the key of the
   * timer's next firing, which is the alarm's (else the alarm is stale and fires nothing).
   */
  private static Optional<String> runKey(Claimed alarm, AgentTimer timer) {
    if (timer == null
        || !timer.getAgentId().equals(alarm.agentId())
        || timer.getNextRunAt() == null
        || timer.getNextRunAt().toEpochMilli() != alarm.fireAt().toEpochMilli()) {
      return Optional.empty();
    }
    return Optional.of(
        RunKeys.timer(alarm.agentId(), alarm.timerId(), timer.getNextRunAt().toString()));
  }

  private void fire(Loaded loaded, Claimed claimed, boolean mayRunInline) {
    var agentId = claimed.agentId();
    var timerId = claimed.timerId();
    var firing = claimed.fireAt();
    var state = Optional.ofNullable(loaded.states().get(agentId));
    // An alarm no longer there was cancelled (a pause, a change, a delete) or fired by another
    // node while this one waited for the lock: nothing to do. Its removal (or its move to the next
    // firing) checks its version, so an alarm another transaction changed since it was read here
    // fails the batch instead.
    var alarm = loaded.pending().remove(new TimerAlarm.Key(timerId, firing));
    if (alarm == null || state.isEmpty()) {
      if (alarm != null) {
        remove(loaded, alarm);
      }
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
      remove(loaded, alarm);
      return;
    }
    var now = clock.instant();
    var due = DueFirings.at(timers.definition(timer), timer.getNextRunAt(), now);
    if (due.isEmpty()) {
      remove(loaded, alarm);
      // Early (the clock went back): wait for the firing again.
      arm(loaded, timerId, timer.getNextRunAt());
      return;
    }
    var firings = due.get();
    metrics.timerLateness(Duration.between(firing, now));
    var lifecycle = agent.get().getLifecycle();
    // The timer's own bookkeeping first, then the wake: a run executed within this transaction
    // (mayRunInline) comes last, so that its flushes carry these changes too.
    timer.recordFired(firings.last(), firings.next().orElse(null));
    if (timer.isActive()
        && lifecycle == AgentLifecycle.ACTIVE
        && !loaded.pending().containsKey(new TimerAlarm.Key(timerId, timer.getNextRunAt()))) {
      move(loaded, alarm, timer.getNextRunAt());
    } else {
      remove(loaded, alarm);
    }
    timers.refreshScheduledWake(
        state.get(), lifecycle, loaded.timers().getOrDefault(agentId, List.of()));
    if (lifecycle == AgentLifecycle.ACTIVE) {
      wakes.scheduleTimer(
          agentId,
          timerId,
          firings.first(),
          firings.last(),
          firings.count(),
          mayRunInline,
          loaded.unlogged(RunKeys.timer(agentId, timerId, firings.first().toString())));
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

  /**
   * The alarm that went off becomes the timer's next one, in one statement instead of a delete and
   * an insert: its key moves to the next firing, due then and not tried yet. The statement waits
   * for the slice's other moves and goes with them ({@link AlarmMoves}); it checks the version the
   * slice read, as the removal would, and a changed or missing row fails the batch (the firing then
   * runs in no transaction but one that finds its alarm as read). A row already at the next
   * firing's key (another transaction armed it) fails on the primary key, as the insert would.
   */
  private void move(Loaded loaded, TimerAlarm alarm, Instant next) {
    loaded.moves().add(alarm, next);
    em.detach(alarm);
    loaded
        .pending()
        .put(
            new TimerAlarm.Key(alarm.getTimerId(), next), new TimerAlarm(alarm.getTimerId(), next));
  }

  /**
   * Removes an alarm the slice read (its version checked at the flush), or one this slice moved to
   * its key ({@link #move}), which no other transaction can have changed: its move is written
   * first.
   */
  private void remove(Loaded loaded, TimerAlarm alarm) {
    if (em.contains(alarm)) {
      em.remove(alarm);
      return;
    }
    loaded.moves().write(em);
    em.createNamedQuery("TimerAlarm.delete")
        .setParameter("timerId", alarm.getTimerId())
        .setParameter("fireAt", alarm.getFireAt())
        .executeUpdate();
  }

  /** Arms once: an alarm already pending for that firing (read with the slice) is kept. */
  private void arm(Loaded loaded, String timerId, Instant at) {
    var key = new TimerAlarm.Key(timerId, at);
    if (!loaded.pending().containsKey(key)) {
      var alarm = new TimerAlarm(timerId, at);
      em.persist(alarm);
      loaded.pending().put(key, alarm);
    }
  }
}
