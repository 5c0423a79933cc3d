package io.reveille.wake.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.RunCounts;
import io.reveille.agent.entity.AgentState;
import io.reveille.memory.control.MemoryService;
import io.reveille.notification.control.Cause;
import io.reveille.observability.control.Metrics;
import io.reveille.platform.LogText;
import io.reveille.platform.Settings;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import io.reveille.security.control.Actor;
import io.reveille.security.control.Role;
import io.reveille.wake.entity.RunEntrypoint;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Turns matches and requests into wake jobs: one run log entry and one message on the wakes queue,
 * in the caller's transaction.
 *
 * <p>Subscription wakes are coalesced and throttled, and wait out the back-off of a failed wake. A
 * match for an agent that already has a queued subscription job merges its tokens into that job
 * (one run carries the union). Otherwise a new job is written; if the agent's last wake started
 * less than the throttle ago, the job is deferred to the end of the window ({@code notBefore}, the
 * state's {@code nextWakeAt} and the message's delivery delay), and later matches merge into it.
 * Manual, timer and user-initiated (session turn) wakes are neither coalesced nor throttled.
 *
 * <p>Every scheduling step first locks the agent's state row ({@code SELECT … FOR UPDATE}), as the
 * runner does before it begins or completes a run: a merge into a queued job and the start of that
 * job queue behind each other instead of colliding on {@code @Version} and forcing a redelivery.
 * One batch locks its agents in agent-id order, so schedulers never deadlock.
 */
@ApplicationScoped
@Transactional
public class WakeScheduler {

  private static final Logger LOG = Logger.getLogger(WakeScheduler.class.getName());

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject Metrics metrics;
  @Inject MemoryService memory;
  @Inject WakeQueue queue;
  @Inject WakeRateLimit rateLimit;
  @Inject WakeConfig config;
  @Inject Clock clock;
  @Inject WakeRunSteps runs;
  @Inject RunLeases leases;
  @Inject RunEntries entries;
  @Inject ChainBreaker chains;

  /**
   * The MicroProfile Config property that lets the intake run a batch's one wake itself, and the
   * timer clock the runs of the firings it fires in a batch.
   */
  public static final String INLINE_RUNS_PROPERTY = "reveille.wake.inline-runs";

  private boolean inlineRuns;

  @Inject
  void inlineRuns(
      @ConfigProperty(name = INLINE_RUNS_PROPERTY, defaultValue = "true") String value) {
    this.inlineRuns = Settings.flag(INLINE_RUNS_PROPERTY, value);
  }

  /**
   * Schedules the subscription wakes of one batch; returns the jobs written or merged into. With
   * {@code mayRunInline}, a batch that wakes exactly one agent, at once, whose run is
   * self-contained ({@link WakeRunSteps#runWithin}) has that run executed and completed here, in
   * the caller's transaction, instead of sent to the wake queue ({@value #INLINE_RUNS_PROPERTY}).
   */
  public List<WakeRunLogEntry> scheduleForBatch(
      String batchId, Cause cause, List<SubscriptionWake> wakes, boolean mayRunInline) {
    return scheduleForBatch(batchId, cause, Optional.empty(), wakes, mayRunInline);
  }

  /**
   * The position of a batch in its producing host's sequence ({@code hostId}, {@code counter}): an
   * agent that processed that host's batches up to a counter this one does not pass skips it as a
   * stale trigger.
   */
  public record HostCounter(String hostId, long counter) {}

  /**
   * As {@link #scheduleForBatch(String, Cause, List, boolean)}, for a batch at {@code at} of its
   * host's sequence, if it says.
   */
  public List<WakeRunLogEntry> scheduleForBatch(
      String batchId,
      Cause cause,
      Optional<HostCounter> at,
      List<SubscriptionWake> wakes,
      boolean mayRunInline) {
    var scheduled = new ArrayList<WakeRunLogEntry>();
    // Agent-id order: every scheduler takes the agents' state locks in the same order.
    var ordered = wakes.stream().sorted(Comparator.comparing(SubscriptionWake::agentId)).toList();
    var inline = mayRunInline && inlineRuns && ordered.size() == 1;
    for (var wake : ordered) {
      scheduleSubscriptionWake(batchId, cause, at, wake, inline).ifPresent(scheduled::add);
    }
    return scheduled;
  }

  private Optional<WakeRunLogEntry> scheduleSubscriptionWake(
      String batchId,
      Cause cause,
      Optional<HostCounter> at,
      SubscriptionWake wake,
      boolean inline) {
    var agent = agents.find(wake.agentId());
    if (agent.isEmpty() || !(agent.get().isActive() || agent.get().resumesBy(clock.instant()))) {
      LOG.log(
          Level.FINE,
          "Batch {0} matched agent {1}, which is not active: no wake",
          new Object[] {batchId, wake.agentId()});
      return Optional.empty();
    }
    var state = agents.stateForUpdate(wake.agentId());
    var refusal = chains.refusal(cause, wake.agentId(), agent.get().getConfig().getChains());
    if (refusal.isPresent()) {
      refused(batchId, cause, wake, state, refusal.get(), RunCounts.CHAIN_BROKEN);
      return Optional.empty();
    }
    var processed = at.map(a -> state.getProcessedCounterByHost().get(a.hostId()));
    if (processed.isPresent() && at.get().counter() <= processed.get()) {
      refused(
          batchId,
          cause,
          wake,
          state,
          "stale trigger: "
              + at.get().hostId()
              + "'s batch at counter "
              + at.get().counter()
              + " is not past the "
              + processed.get()
              + " this agent processed",
          STALE_TRIGGER);
      return Optional.empty();
    }
    var now = clock.instant();
    var asleep = state.isAsleep(now);
    // Asleep, what the agent hears joins the wake it set itself, else its queued subscription run.
    var waiting = unstartedQueued(wake.agentId());
    var queued =
        (asleep ? first(waiting, WakeReason.SCHEDULED) : Optional.<WakeRunLogEntry>empty())
            .or(() -> first(waiting, WakeReason.SUBSCRIPTION));
    if (queued.isPresent()) {
      queued.get().mergeTokens(wake.tokens());
      queued.get().causedByChain(cause.hops(), cause.chain());
      at.ifPresent(a -> queued.get().triggeredAt(a.hostId(), a.counter()));
      em.flush();
      metrics.wakeDecision("coalesced");
      LOG.log(
          Level.FINE,
          "Batch {0} coalesced into queued run {1} of agent {2}",
          new Object[] {LogText.quoted(batchId), queued.get().getRunKey(), wake.agentId()});
      return queued;
    }
    var entry = subscriptionEntry(batchId, cause, wake, state, now);
    at.ifPresent(a -> entry.triggeredAt(a.hostId(), a.counter()));
    var runKey = entry.getRunKey();
    var delay = Duration.ZERO;
    var lastWake = state.getLastWakeAt();
    var windowEnd = lastWake == null ? now : lastWake.plus(config.subscriptionThrottle());
    if (state.isDeferred(now) && state.getNextWakeAt().isAfter(windowEnd)) {
      // The back-off after a failed wake (or a deferral still standing) holds the job longer.
      windowEnd = state.getNextWakeAt();
    }
    if (asleep && state.getSleepUntil().isAfter(windowEnd)) {
      // The agent set its next wake: what it hears before then waits for it.
      windowEnd = state.getSleepUntil();
    }
    if (now.isBefore(windowEnd)) {
      entry.deferUntil(windowEnd);
      state.deferUntil(windowEnd);
      delay = Duration.between(now, windowEnd);
    }
    metrics.wakeDecision(delay.isZero() ? "scheduled" : "deferred");
    if (writeOrRunHere(entry, inline && delay.isZero())) {
      LOG.log(
          Level.FINE,
          "Batch {0} ran run {1} of agent {2} within its intake",
          new Object[] {batchId, runKey, wake.agentId()});
      return Optional.of(entry);
    }
    queue.enqueue(wake.agentId(), runKey, delay, runKey);
    LOG.log(
        Level.FINE,
        "Batch {0} scheduled run {1} of agent {2} in {3}",
        new Object[] {batchId, runKey, wake.agentId(), delay});
    return Optional.of(entry);
  }

  /**
   * A new subscription run of {@code wake}, under the agent's next wake counter, with its cause.
   */
  private static WakeRunLogEntry subscriptionEntry(
      String batchId, Cause cause, SubscriptionWake wake, AgentState state, Instant now) {
    var counter = state.nextWakeCounter(now);
    var runKey = RunKeys.subscription(wake.agentId(), wake.subscriptionIds(), batchId, counter);
    var entry =
        new WakeRunLogEntry(
            runKey,
            wake.agentId(),
            WakeReason.SUBSCRIPTION,
            wake.subscriptionIds().get(0),
            RunKeys.threadId(wake.agentId(), runKey),
            wake.tokens(),
            batchId,
            now);
    entry.causedByChain(cause.hops(), cause.chain());
    return entry;
  }

  /** The error code of a wake refused as a stale trigger, and its decision in the metrics. */
  static final String STALE_TRIGGER = "stale_trigger";

  /**
   * Records a wake refused before it was queued (a chain too deep or coming back, a stale trigger)
   * as {@code skipped}, with why and {@code code}, in place of the run: the agent's run log shows
   * what did not run and why.
   */
  private void refused(
      String batchId,
      Cause cause,
      SubscriptionWake wake,
      AgentState state,
      String why,
      String code) {
    var now = clock.instant();
    var entry = subscriptionEntry(batchId, cause, wake, state, now);
    entry.skip(now, why, code);
    em.persist(entry);
    metrics.wakeDecision(code);
    LOG.log(
        Level.INFO,
        "Batch {0} did not wake agent {1}: {2}",
        new Object[] {LogText.quoted(batchId), wake.agentId(), why});
  }

  /**
   * Enqueues once more every run the batch {@code batchId} queued that is still queued, under its
   * run key as the duplicate id it was first sent with: after a crash or a broker failure between
   * the commit of the batch's intake and the send of its jobs, the batch's redelivery finds it
   * recorded and puts back what may not have been sent. A job that was sent is refused by the
   * broker's duplicate detection, or delivered twice and run once. Returns how many were enqueued.
   */
  public int enqueueQueuedRunsOf(String batchId) {
    var now = clock.instant();
    var runs =
        em.createNamedQuery("WakeRunLogEntry.findQueuedOfBatch", WakeRunLogEntry.class)
            .setParameter("batchId", batchId)
            .getResultList();
    for (var run : runs) {
      var notBefore = run.getNotBefore();
      var delay =
          notBefore != null && notBefore.isAfter(now)
              ? Duration.between(now, notBefore)
              : Duration.ZERO;
      queue.enqueue(run.getAgentId(), run.getRunKey(), delay, run.getRunKey());
    }
    return runs.size();
  }

  /**
   * A wake an operator asked for: at once, whatever the throttle. With an idempotency key a
   * repeated request returns the job the first one made.
   */
  public WakeRunLogEntry scheduleManual(String agentId, Optional<String> idempotencyKey) {
    return scheduleManual(agentId, idempotencyKey, Optional.empty());
  }

  /**
   * A manual wake, as {@link #scheduleManual(String, Optional)}; {@code actor}, the person who
   * asked over the API, is named in the agent's operator thread with the run key it asked for, and
   * the run carries their role ({@link WakeRunLogEntry#causedBy}).
   */
  public WakeRunLogEntry scheduleManual(
      String agentId, Optional<String> idempotencyKey, Optional<Actor> actor) {
    // Without a key every request is a new wake; a random part keeps it off the agent state, so a
    // manual wake never collides with a run that is writing that state.
    var runKey =
        idempotencyKey
            .map(key -> RunKeys.manual(agentId, "key:" + key))
            .orElseGet(() -> RunKeys.manual(agentId, "request:" + UUID.randomUUID()));
    return operatorRun(
        agentId,
        runKey,
        idempotencyKey.isPresent(),
        actor,
        actor.isPresent() ? RunEntrypoint.API : RunEntrypoint.SYSTEM,
        "Manual wake",
        e -> {});
  }

  /**
   * A job an operator started ({@code POST /api/runs}): a manual run that carries an objective and
   * a definition of done, written with the job's row ({@code job}, given the run key) in one
   * transaction. With an idempotency key a repeated request returns the run the first one made (the
   * caller compares the requests).
   */
  public WakeRunLogEntry scheduleJob(
      String agentId,
      Optional<String> idempotencyKey,
      Optional<Actor> actor,
      java.util.function.Function<String, io.reveille.wake.entity.RunJob> job) {
    // A key names one job whatever the agent: the same key for another agent is another request.
    var runKey =
        idempotencyKey
            .map(key -> RunKeys.manual(JOBS, "key:" + key))
            .orElseGet(() -> RunKeys.manual(agentId, "job-request:" + UUID.randomUUID()));
    return operatorRun(
        agentId,
        runKey,
        idempotencyKey.isPresent(),
        actor,
        RunEntrypoint.API,
        "Job",
        entry -> em.persist(job.apply(entry.getRunKey())));
  }

  private WakeRunLogEntry operatorRun(
      String agentId,
      String runKey,
      boolean keyed,
      Optional<Actor> actor,
      RunEntrypoint door,
      String what,
      java.util.function.Consumer<WakeRunLogEntry> alongside) {
    var agent = agents.get(agentId);
    var now = clock.instant();
    if (keyed) {
      // Under the agent's lock, so that two requests with one key make one run; a request retried
      // after the agent went to sleep still finds the run the first one made.
      agents.stateForUpdate(agentId);
      var existing = em.find(WakeRunLogEntry.class, runKey);
      if (existing != null) {
        return existing;
      }
    }
    agent.requireActive("be woken");
    if (actor.isPresent()) {
      // A new wake asked for over the API; a retry with the same key (above) costs nothing.
      rateLimit.take(agentId);
      // The note goes first: it takes the agent's state lock, which a batch scheduling the agent's
      // wake holds while it reads the agent's queued runs. Written after the new entry, the note
      // held the entry's row lock while it waited for the state lock, and the batch held the state
      // lock while it waited to read that row: a deadlock, which Derby breaks only after its 20 s
      // timeout.
      memory.noteOperatorAction(
          agentId, what + " " + runKey + " asked by " + actor.get().name(), Optional.of(runKey));
    }
    var entry =
        new WakeRunLogEntry(
            runKey,
            agentId,
            WakeReason.MANUAL,
            null,
            RunKeys.threadId(agentId, runKey),
            List.of(),
            null,
            now);
    actor.ifPresent(who -> entry.causedBy(who.role().wire()));
    entry.enteredThrough(door);
    em.persist(entry);
    em.flush();
    alongside.accept(entry);
    em.flush();
    queue.enqueue(agentId, runKey, Duration.ZERO, runKey);
    return entry;
  }

  /**
   * A user's turn in an interactive session: at once, never throttled or coalesced (each turn is
   * its own run, in the session's thread). The run key derives from the session and the turn, so a
   * repeated turn returns the job the first one made. {@code causedBy}, the role of the person who
   * sent the turn, goes with the run ({@link WakeRunLogEntry#causedBy}).
   */
  public WakeRunLogEntry scheduleUserInitiated(
      String agentId, String runKey, String threadId, Optional<Role> causedBy) {
    var agent = agents.get(agentId);
    agent.requireActive("take a turn");
    var existing = em.find(WakeRunLogEntry.class, runKey);
    if (existing != null) {
      return existing;
    }
    var entry =
        new WakeRunLogEntry(
            runKey,
            agentId,
            WakeReason.USER_INITIATED,
            null,
            threadId,
            List.of(),
            null,
            clock.instant());
    causedBy.ifPresent(role -> entry.causedBy(role.wire()));
    em.persist(entry);
    em.flush();
    queue.enqueue(agentId, runKey, Duration.ZERO, runKey);
    return entry;
  }

  /** What the run key of a job started with an idempotency key derives from instead of an agent. */
  static final String JOBS = "jobs";

  /** The error code of a session turn that answered its session's waiting question. */
  public static final String ANSWERED_QUESTION = "answered_question";

  /**
   * A user's turn that answered the question its session's run waits on ({@code answered}, that
   * run's key): recorded under the turn's run key, so that the turn taken again finds it, and
   * skipped at once with {@link #ANSWERED_QUESTION} — the run it answered resumes instead of a new
   * one. The entry's {@code reasonId} names that run.
   */
  public WakeRunLogEntry recordAnsweringTurn(
      String agentId, String runKey, String threadId, String answered, Optional<Role> causedBy) {
    var now = clock.instant();
    var entry =
        new WakeRunLogEntry(
            runKey, agentId, WakeReason.USER_INITIATED, answered, threadId, List.of(), null, now);
    causedBy.ifPresent(role -> entry.causedBy(role.wire()));
    entry.skip(
        now, "the turn answered the question run " + answered + " waits on", ANSWERED_QUESTION);
    em.persist(entry);
    return entry;
  }

  /**
   * The agent's own next wake, which it set ({@code set_next_wake}, from its run {@code setBy}): a
   * {@code scheduled} run queued until {@code wakeAt}, and the agent asleep until then, so that
   * what its subscriptions hear meanwhile merges into that run instead of waking it sooner (a
   * person's turn or an operator's wake still does). An agent has one next wake: a queued one set
   * before is skipped as replaced. In the caller's transaction, which holds the agent's state lock.
   *
   * @return the run queued, and the runs it replaced
   */
  public OwnWake scheduleOwnWake(String agentId, String setBy, Instant wakeAt, String why) {
    var state = agents.stateForUpdate(agentId);
    var now = clock.instant();
    var runKey = RunKeys.scheduled(agentId, setBy, wakeAt.toString());
    var replaced = new ArrayList<String>();
    var existing = em.find(WakeRunLogEntry.class, runKey);
    for (var queued : unstartedQueued(agentId)) {
      if (queued.getReason() == WakeReason.SCHEDULED && !queued.getRunKey().equals(runKey)) {
        queued.skip(now, "replaced by the agent's next wake at " + wakeAt + " (" + runKey + ")");
        replaced.add(queued.getRunKey());
      }
    }
    state.sleepUntil(wakeAt);
    if (existing != null) {
      // The same call again (a replayed step): its run is queued already.
      return new OwnWake(existing, List.copyOf(replaced));
    }
    var entry = deferredScheduledRun(agentId, runKey, wakeAt, now, RunEntrypoint.AGENT);
    LOG.log(
        Level.FINE,
        "Agent {0} set its next wake at {1} ({2}): run {3}",
        new Object[] {agentId, wakeAt, LogText.quoted(why), runKey});
    return new OwnWake(entry, List.copyOf(replaced));
  }

  /**
   * A wake at {@code at} for an agent the server sent dormant until then ({@code why}, e.g. its
   * daily token quota): a {@code scheduled} run deferred to that moment, which resumes the agent
   * when it begins ({@link RunGate}). Unlike the agent's own next wake it replaces nothing and
   * leaves the agent's {@code sleepUntil} alone. Written once per agent and moment.
   */
  public WakeRunLogEntry scheduleResumption(String agentId, String why, Instant at) {
    var runKey = RunKeys.scheduled(agentId, why, at.toString());
    var existing = em.find(WakeRunLogEntry.class, runKey);
    if (existing != null) {
      return existing;
    }
    return deferredScheduledRun(agentId, runKey, at, clock.instant(), RunEntrypoint.SYSTEM);
  }

  /**
   * A {@code scheduled} run written queued with {@code notBefore} {@code at}, its job delayed;
   * {@code door}: the agent's own wake, or Reveille's.
   */
  private WakeRunLogEntry deferredScheduledRun(
      String agentId, String runKey, Instant at, Instant now, RunEntrypoint door) {
    var entry =
        new WakeRunLogEntry(
            runKey,
            agentId,
            WakeReason.SCHEDULED,
            null,
            RunKeys.threadId(agentId, runKey),
            List.of(),
            null,
            now);
    entry.enteredThrough(door);
    entry.deferUntil(at);
    em.persist(entry);
    queue.enqueue(agentId, runKey, Duration.between(now, at), runKey);
    return entry;
  }

  /** The run an agent's own next wake queued, and the queued ones it replaced. */
  public record OwnWake(WakeRunLogEntry run, List<String> replaced) {}

  /**
   * A timer's due firings: one wake at once, never throttled or coalesced with other wakes — a
   * {@code timer} wake for one firing, a {@code timer_catchup} wake for several. The run key
   * derives from the timer and its first due firing, so a firing handled twice (a retried callback,
   * a second node) finds the entry the first one wrote. With {@code mayRunInline}, a run that is
   * self-contained ({@link WakeRunSteps#runWithin}) is executed and completed here, in the caller's
   * transaction (the timer clock's batch), instead of sent to the wake queue ({@value
   * #INLINE_RUNS_PROPERTY}). With {@code knownUnlogged}, the caller has found that the firing's run
   * is not in the run log ({@link #loggedRuns}), asked under the agent's state lock in this
   * transaction (every firing writes its run under that lock, so the answer holds until the
   * transaction ends): the run log is not read again for it.
   */
  public WakeRunLogEntry scheduleTimer(
      String agentId,
      String timerId,
      Instant from,
      Instant until,
      long count,
      boolean mayRunInline,
      boolean knownUnlogged) {
    return timerEntry(
        agentId,
        timerId,
        from,
        until,
        count,
        Optional.empty(),
        mayRunInline && inlineRuns,
        !knownUnlogged);
  }

  /**
   * Which of {@code runKeys} are in the run log, in one statement: a batch of timer firings asks
   * this once for all of its runs ({@link RunKeys#timer}) instead of once a firing.
   */
  public Set<String> loggedRuns(Collection<String> runKeys) {
    if (runKeys.isEmpty()) {
      return Set.of();
    }
    return Set.copyOf(
        em.createNamedQuery("WakeRunLogEntry.keysAmong", String.class)
            .setParameter("runKeys", runKeys)
            .getResultList());
  }

  /**
   * Reads the started runs of {@code agentIds} once for this transaction, whose caller holds their
   * state locks until it commits: single flight then asks no more of the run log for their runs
   * begun here ({@link RunLeases#readStartedRuns}). A timer batch asks it once a slice.
   */
  public void readStartedRuns(Collection<String> agentIds) {
    leases.readStartedRuns(agentIds);
  }

  /**
   * Firings of a timer that will not run (the agent was not active): one {@code skipped} entry that
   * accounts for them with the reason, so the run log shows what did not run and why.
   */
  public WakeRunLogEntry recordSkippedFirings(
      String agentId, String timerId, Instant from, Instant until, long count, String why) {
    return timerEntry(agentId, timerId, from, until, count, Optional.of(why), false, true);
  }

  private WakeRunLogEntry timerEntry(
      String agentId,
      String timerId,
      Instant from,
      Instant until,
      long count,
      Optional<String> skipReason,
      boolean inline,
      boolean mayBeLogged) {
    var runKey = RunKeys.timer(agentId, timerId, from.toString());
    var existing = mayBeLogged ? em.find(WakeRunLogEntry.class, runKey) : null;
    if (existing != null) {
      LOG.log(
          Level.INFO, "Timer firing {0} of {1} was handled before", new Object[] {from, timerId});
      return existing;
    }
    var now = clock.instant();
    var entry =
        new WakeRunLogEntry(
            runKey,
            agentId,
            count > 1 ? WakeReason.TIMER_CATCHUP : WakeReason.TIMER,
            timerId,
            RunKeys.threadId(agentId, runKey),
            List.of(),
            null,
            now);
    entry.forFirings(from, until, count);
    skipReason.ifPresent(why -> entry.skip(now, why));
    if (skipReason.isPresent()) {
      em.persist(entry);
      return entry;
    }
    if (writeOrRunHere(entry, inline)) {
      LOG.log(
          Level.FINE,
          "Timer {0} ran run {1} of agent {2} within its firing",
          new Object[] {timerId, runKey, agentId});
      return entry;
    }
    queue.enqueue(agentId, runKey, Duration.ZERO, runKey);
    return entry;
  }

  /**
   * Writes a run just scheduled here; with {@code runHere}, first runs it within this transaction
   * when it is self-contained ({@link WakeRunSteps#runWithin}), its entry held back from the
   * persistence context until it is completed (or settled), so that it is inserted once in its
   * final state ({@link RunEntries#holdUnwritten}). Returns whether it ran here; if not, the entry
   * is written as it is, queued, for the caller to send to the wake queue.
   */
  private boolean writeOrRunHere(WakeRunLogEntry entry, boolean runHere) {
    if (!runHere) {
      em.persist(entry);
      return false;
    }
    entries.holdUnwritten(entry);
    // A failure here dooms the transaction: the entry held back goes with it.
    var ran = runs.runWithin(entry);
    entries.write(entry);
    return ran;
  }

  /** Where a batched re-enqueue stopped: the last run it handled, in run-log order. */
  public record RunCursor(Instant createdAt, String runKey) {}

  /**
   * Puts every job that a crash may have stranded (queued, or started and never finished) back on
   * the queue under its own run key; the runner completes each once. Deferred jobs keep their
   * deadline. One transaction: for a bounded backlog (tests); start-up recovery calls {@link
   * #requeueAll} with the proxied {@link #requeueUnfinished(WakeStatus, Optional, int)}, a
   * transaction per batch.
   */
  public int requeueUnfinished() {
    return requeueAll(this::requeueBatch);
  }

  /** One batch of a re-enqueue, as {@link #requeueUnfinished(WakeStatus, Optional, int)}. */
  @FunctionalInterface
  public interface RequeueBatch {
    List<RunCursor> next(WakeStatus status, Optional<RunCursor> after, int max);
  }

  /**
   * Walks every unfinished run, queued then started, in batches of {@link #REQUEUE_BATCH} taken by
   * {@code batches}, each after the last run of the one before; returns how many were re-enqueued.
   */
  public static int requeueAll(RequeueBatch batches) {
    var count = 0;
    for (var status : List.of(WakeStatus.QUEUED, WakeStatus.STARTED)) {
      Optional<RunCursor> after = Optional.empty();
      for (var batch = batches.next(status, after, REQUEUE_BATCH);
          !batch.isEmpty();
          batch = batches.next(status, after, REQUEUE_BATCH)) {
        count += batch.size();
        after = Optional.of(batch.get(batch.size() - 1));
      }
    }
    return count;
  }

  /**
   * Re-enqueues up to {@code max} unfinished runs of {@code status} after {@code after} (in
   * creation order), in the caller's transaction or one of its own; returns the runs it handled, in
   * that order (empty when none was left). A crash recovery takes a large backlog in short
   * transactions.
   */
  public List<RunCursor> requeueUnfinished(WakeStatus status, Optional<RunCursor> after, int max) {
    return requeueBatch(status, after, max);
  }

  /** Runs per batch of a re-enqueue. */
  public static final int REQUEUE_BATCH = 500;

  private List<RunCursor> requeueBatch(WakeStatus status, Optional<RunCursor> after, int max) {
    var now = clock.instant();
    var query =
        after.isEmpty()
            ? em.createNamedQuery("WakeRunLogEntry.findByStatus", WakeRunLogEntry.class)
                .setParameter("status", status)
            : em.createNamedQuery("WakeRunLogEntry.findByStatusAfter", WakeRunLogEntry.class)
                .setParameter("status", status)
                .setParameter("createdAt", after.get().createdAt())
                .setParameter("runKey", after.get().runKey());
    var handled = new java.util.ArrayList<RunCursor>();
    for (var entry : query.setMaxResults(max).getResultList()) {
      var notBefore = entry.getNotBefore();
      var delay =
          notBefore != null && notBefore.isAfter(now)
              ? Duration.between(now, notBefore)
              : Duration.ZERO;
      // A fresh duplicate-detection id: the broker may still remember the run key itself.
      queue.enqueue(
          entry.getAgentId(),
          entry.getRunKey(),
          delay,
          entry.getRunKey() + ":recovery:" + now.toEpochMilli());
      handled.add(new RunCursor(entry.getCreatedAt(), entry.getRunKey()));
    }
    return handled;
  }

  /** The run with this key in the run log, if it is there (finished runs leave it in time). */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Optional<WakeRunLogEntry> run(String runKey) {
    return Optional.ofNullable(em.find(WakeRunLogEntry.class, runKey));
  }

  /** The agent's run log, newest first. */
  public Page<WakeRunLogEntry> log(String agentId, Window window) {
    agents.get(agentId);
    return window.read(
        em.createNamedQuery("WakeRunLogEntry.findByAgentNewestFirst", WakeRunLogEntry.class)
            .setParameter("agentId", agentId));
  }

  /**
   * The agent's queued runs that have not started yet, in run-log order, in one statement: what a
   * new trigger may merge into. A run queued again after it started (resumed, retried, recovered)
   * carries out what it recorded; tokens merged into it would never reach its decisions, so a new
   * run takes them.
   */
  private List<WakeRunLogEntry> unstartedQueued(String agentId) {
    return em
        .createNamedQuery("WakeRunLogEntry.findByAgentAndStatus", WakeRunLogEntry.class)
        .setParameter("agentId", agentId)
        .setParameter("status", WakeStatus.QUEUED)
        .getResultList()
        .stream()
        .filter(entry -> !entry.hasStarted())
        .toList();
  }

  /** The first of {@code runs} woken for {@code reason}. */
  private static Optional<WakeRunLogEntry> first(List<WakeRunLogEntry> runs, WakeReason reason) {
    return runs.stream().filter(entry -> entry.getReason() == reason).findFirst();
  }
}
