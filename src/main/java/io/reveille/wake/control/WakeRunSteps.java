package io.reveille.wake.control;

import io.reveille.agent.control.AgentNotifications;
import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentKind;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.observability.control.Metrics;
import io.reveille.platform.AfterCommit;
import io.reveille.platform.NodeIdentity;
import io.reveille.wake.entity.StepStatus;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The steps of a run, each committed on its own (see {@link WakeRunner}): begin, the workflow
 * (outside any transaction), complete, and record a failure. A separate bean so that each call
 * passes the transaction interceptor.
 */
@ApplicationScoped
@Transactional(TxType.REQUIRES_NEW)
public class WakeRunSteps {

  private static final Logger LOG = Logger.getLogger(WakeRunSteps.class.getName());

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject AgentNotifications notifications;
  @Inject MemoryService memory;
  @Inject WakeQueue queue;
  @Inject WakeConfig config;
  @Inject NodeIdentity node;
  @Inject RunsInFlight inFlight;
  @Inject SweepConfig sweepConfig;
  @Inject Clock clock;
  @Inject SelfMutations selfMutations;
  @Inject Metrics metrics;
  @Inject RunSpecs specs;
  @Inject RunJournal journal;
  @Inject @Any Instance<RunWaits> waits;
  @Inject @Any Instance<WakeExecutor> executors;
  @Inject Event<RunCompleted> completed;
  @Inject Event<RunCancelled> cancelledRuns;

  /** The container's registry, to tell a failed transaction's empty answers from real ones. */
  @Resource TransactionSynchronizationRegistry transactions;

  /** How long a run held back by another run of its agent waits before it is tried again. */
  static final Duration BUSY_RETRY = Duration.ofSeconds(2);

  /** Thrown when the run's log entry is not visible yet: the delivery is retried. */
  public static class NotYetVisibleException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotYetVisibleException(String message) {
      super(message);
    }
  }

  /**
   * Marks the run started and the agent woken, or says why it must not run: already completed or
   * skipped (a redelivery or a recovery duplicate), failed, the agent gone, dormant or destroyed
   * (logged as skipped), or no workflow for its kind.
   */
  public Optional<WakeRun> begin(String runKey, String agentId) {
    return begin(runKey, agentId, false);
  }

  /**
   * {@link #begin(String, String)}; {@code justWritten} when the caller wrote the run's entry in
   * this transaction under the agent's state lock ({@link #runWithin}): then there is no committed
   * version to read again, and nothing is flushed here, so that the run's completion writes the
   * entry and the state once instead of once more each.
   */
  private Optional<WakeRun> begin(String runKey, String agentId, boolean justWritten) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    if (entry == null) {
      if (agents.find(agentId).isEmpty()) {
        requireHealthyTransaction(runKey);
        // Deleting an agent deletes its run log; a job still on the queue has nothing to run.
        LOG.log(
            Level.INFO,
            "Run {0} belongs to deleted agent {1}; job dropped",
            new Object[] {runKey, agentId});
        return Optional.empty();
      }
      throw new NotYetVisibleException("run " + runKey + " is not in the run log (yet)");
    }
    if (agents.find(entry.getAgentId()).isPresent()) {
      // Queue behind a scheduler merging tokens into this run, then read the run as it committed.
      agents.stateForUpdate(entry.getAgentId());
      if (!justWritten) {
        em.refresh(entry);
      }
    }
    if (entry.getStatus() != WakeStatus.QUEUED && entry.getStatus() != WakeStatus.STARTED) {
      LOG.log(
          Level.FINE,
          "Run {0} is already {1}; delivery ignored",
          new Object[] {runKey, entry.getStatus().wire()});
      return Optional.empty();
    }
    var now = clock.instant();
    var agent = agents.find(entry.getAgentId());
    if (agent.isEmpty()) {
      entry.skip(now, "agent no longer exists");
      return Optional.empty();
    }
    if (!agent.get().isActive()) {
      entry.skip(now, "agent is " + agent.get().getLifecycle().wire());
      return Optional.empty();
    }
    if (executorFor(agent.get().getKind()).isEmpty()) {
      entry.skip(now, "no workflow for agent kind " + agent.get().getKind().wire() + " yet");
      return Optional.empty();
    }
    if (isOwnChange(entry)) {
      entry.skip(now, "every trigger token is an entity the agent changed itself");
      metrics.wakeDecision("suppressed");
      agents.stateForUpdate(entry.getAgentId()).clearDeferral();
      return Optional.empty();
    }
    var busy = otherRunInProgress(entry, now);
    if (busy.isPresent()) {
      // Another run of this agent is in progress (another node, or recovery beside a live run):
      // this one waits its turn on the queue instead of running beside it.
      LOG.log(
          Level.FINE,
          "Run {0} waits: run {1} of agent {2} is in progress",
          new Object[] {runKey, busy.get().getRunKey(), entry.getAgentId()});
      queue.enqueue(entry.getAgentId(), runKey, BUSY_RETRY, runKey + ":busy:" + now.toEpochMilli());
      return Optional.empty();
    }
    if (entry.getStatus() == WakeStatus.STARTED) {
      // The caller holds this run (WakeRunner enters it in RunsInFlight before begin), so a run
      // this boot started is one whose thread is gone: it is taken up again below.
      var owner = entry.getOwner();
      if (owner != null && !node.isThisNode(owner) && withinLease(entry, now)) {
        LOG.log(
            Level.FINE,
            "Run {0} is running on {1}; the delivery waits for its lease",
            new Object[] {runKey, owner});
        queue.enqueue(
            entry.getAgentId(), runKey, BUSY_RETRY, runKey + ":busy:" + now.toEpochMilli());
        return Optional.empty();
      }
      if (entry.getAttempts() >= sweepConfig.maxRunAttempts()) {
        // Every start so far ended without an outcome (the JVM died under it, say): running it
        // again would only repeat that, so it is given up and counted as a failure.
        var why =
            "given up: started "
                + entry.getAttempts()
                + " times without finishing (reveille.wake.max-run-attempts)";
        entry.abandon(now, why);
        countFailure(entry, why, now);
        LOG.log(Level.WARNING, "Run {0} {1}", new Object[] {runKey, why});
        return Optional.empty();
      }
      LOG.log(
          Level.INFO, "Run {0} was started before and did not finish; running it again", runKey);
      entry.restart(now);
    } else {
      entry.start(now);
      countStarted(entry.getReason().wire(), Duration.between(entry.getCreatedAt(), now));
    }
    entry.claim(node.owner());
    // The first start fixes the run's budgets; a restart keeps the ones it started under.
    entry.fixSpec(specs.forAgent(agent.get().getKind(), agent.get().getConfig()).toJson());
    var state = agents.stateForUpdate(entry.getAgentId());
    state.recordWake(now);
    if (entry.getReason() == WakeReason.SUBSCRIPTION) {
      // The deferred subscription job is this one; a timer or manual run leaves it deferred.
      state.clearDeferral();
    }
    if (!justWritten) {
      em.flush();
    }
    return Optional.of(runOf(entry, agent.get().getKind()));
  }

  /** The run a log entry describes, as the workflow sees it. */
  private static WakeRun runOf(WakeRunLogEntry entry, AgentKind kind) {
    return new WakeRun(
        entry.getRunKey(),
        entry.getAgentId(),
        kind,
        entry.getReason(),
        entry.getThreadId(),
        entry.getTokens(),
        entry.getAttempts(),
        Optional.ofNullable(entry.getScheduledAt())
            .map(
                from ->
                    new WakeRun.TimerFirings(
                        entry.getReasonId(), from, entry.getScheduledUntil(), entry.getFirings())));
  }

  /**
   * What {@link #beginOrRun} did: started the run, its workflow still to be executed; or executed
   * and completed it within the same transaction ({@code completed}).
   */
  public record Begun(WakeRun run, boolean completed) {}

  /**
   * Thrown when a self-contained run's workflow or completion failed inside {@link #beginOrRun} (an
   * {@link Error} too), or left the transaction marked for rollback: the transaction rolls back
   * (the run stays queued), and the caller runs it again step by step, where the failure is
   * recorded (or completing retried) as usual.
   */
  public static class SelfContainedRunFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SelfContainedRunFailedException(String runKey, Throwable cause) {
      super("Run " + runKey + " failed within its begin: " + cause, cause);
    }
  }

  /**
   * Counts a run's first start once the transaction that started it has committed: a start rolled
   * back (a self-contained run that failed and is begun again step by step) is not counted twice.
   */
  void countStarted(String reason, Duration sinceCreated) {
    AfterCommit.run(transactions, () -> metrics.wakeStarted(reason, sinceCreated));
  }

  /**
   * {@link #begin Begins} the run and, when its workflow says the run is self-contained ({@link
   * WakeExecutor#isSelfContained}: no step of it commits anything or reaches outside, such as the
   * deterministic engine's wakes of a custom agent), executes the workflow and {@link #complete
   * completes} the run in the same transaction: one commit instead of three, and the agent's state
   * locked and its run read once. A crash anywhere in it rolls all of it back, and the redelivered
   * job runs it from the start, with nothing to repeat. A run that is not self-contained is only
   * begun, as {@link #begin} does.
   *
   * @throws SelfContainedRunFailedException when the workflow or the completion of a self-contained
   *     run threw (the whole transaction rolls back)
   */
  public Optional<Begun> beginOrRun(String runKey, String agentId) {
    var begun = begin(runKey, agentId);
    if (begun.isEmpty()) {
      return Optional.empty();
    }
    var run = begun.get();
    var executor = executorFor(run.kind()).orElseThrow();
    if (!executor.isSelfContained(run)) {
      return Optional.of(new Begun(run, false));
    }
    try {
      complete(run, Objects.requireNonNull(executor.execute(run), "workflow outcome"));
    } catch (RuntimeException | Error e) {
      throw new SelfContainedRunFailedException(runKey, e);
    }
    if (transactions != null && transactions.getRollbackOnly()) {
      // Something swallowed a failure that doomed the transaction: the commit would fail.
      throw new SelfContainedRunFailedException(
          runKey, new IllegalStateException("the transaction was marked for rollback"));
    }
    return Optional.of(new Begun(run, true));
  }

  /**
   * Runs a subscription job the scheduler has just written, inside the caller's transaction (the
   * intake's), when its workflow is self-contained: {@link #begin begins} it, executes the workflow
   * and {@link #complete completes} it, so the batch, its wake and its run commit together, with no
   * wake job, no second delivery and no transaction of the run's own. Single flight still holds:
   * begin refuses while another run of the agent is started (and puts the job on the queue), and
   * the agent's state row stays locked until the intake commits. Anything that fails here rolls the
   * intake back; the broker redelivers the batch, and a redelivered batch is never run inline, so
   * its wake then takes the queue and the runner, where failures are recorded.
   *
   * @return true when the job was run here (or begin settled it: skipped, or put back on the
   *     queue); false when it is not self-contained, and the caller sends it to the wake queue
   */
  @Transactional(TxType.MANDATORY)
  public boolean runWithin(WakeRunLogEntry entry) {
    var agent = agents.find(entry.getAgentId());
    var executor = agent.flatMap(a -> executorFor(a.getKind()));
    if (executor.isEmpty()
        || !executor.get().isSelfContained(runOf(entry, agent.get().getKind()))) {
      return false;
    }
    var took = System.nanoTime();
    var begun = begin(entry.getRunKey(), entry.getAgentId(), true);
    if (begun.isEmpty()) {
      return true;
    }
    var run = begun.get();
    complete(run, Objects.requireNonNull(executor.get().execute(run), "workflow outcome"));
    var reason = run.reason().wire();
    AfterCommit.run(
        transactions,
        () ->
            metrics.wakeFinished(
                reason, WakeRunner.COMPLETED, Duration.ofNanos(System.nanoTime() - took)));
    return true;
  }

  /**
   * The run's log entry, or null when it is gone: trusted only in a healthy transaction (see {@link
   * #requireHealthyTransaction}).
   */
  private WakeRunLogEntry runEntry(String runKey) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    if (entry == null) {
      requireHealthyTransaction(runKey);
    }
    return entry;
  }

  /**
   * Refuses to take "not found" for an answer in a transaction a failed statement marked for
   * rollback: Hibernate then answers {@code find} with {@code null} instead of the error
   * (HHH-12472), so a database outage would look like a deleted agent and the job would be dropped.
   * The exception leaves the delivery, and the broker brings the job back.
   */
  void requireHealthyTransaction(String runKey) {
    if (transactions != null && transactions.getRollbackOnly()) {
      throw new IllegalStateException(
          "Run "
              + runKey
              + ": the database failed under this transaction (marked for rollback);"
              + " the delivery is retried");
    }
  }

  /**
   * The deferred-job re-check of self-notification suppression: a subscription job that waited in
   * the queue (behind a run, or for the throttle) while the agent changed every entity it was
   * triggered by is the echo of the agent's own writes.
   */
  private boolean isOwnChange(WakeRunLogEntry entry) {
    if (entry.getReason() != WakeReason.SUBSCRIPTION
        || entry.getStatus() != WakeStatus.QUEUED
        || entry.hasStarted()) {
      // A run that started before (resumed, retried) is past that question: its own changes since
      // are its work, not an echo.
      return false;
    }
    var tokens = entry.getTokens();
    return SelfSuppression.isOwnChange(
        tokens, selfMutations.changedAround(entry.getAgentId(), tokens, entry.getCreatedAt()));
  }

  /**
   * Whether a started run is being executed: by a thread of this JVM, or on another node within its
   * lease. A run this node's previous boot left behind is not (recovery runs it again), nor one of
   * this boot that no thread holds any more.
   */
  private boolean isLive(WakeRunLogEntry run, Instant now) {
    var owner = run.getOwner();
    if (owner == null) {
      return false;
    }
    if (node.isThisBoot(owner)) {
      return inFlight.contains(run.getRunKey());
    }
    return !node.isThisNode(owner) && withinLease(run, now);
  }

  /** Whether the run's owner started it or renewed its lease less than a lease ago. */
  private boolean withinLease(WakeRunLogEntry run, Instant now) {
    var leaseStart = run.getLeaseStart();
    return leaseStart != null && leaseStart.isAfter(now.minus(config.runLease()));
  }

  /** A started run of the agent other than {@code entry} that is being executed. */
  private Optional<WakeRunLogEntry> otherRunInProgress(WakeRunLogEntry entry, Instant now) {
    return em
        .createNamedQuery("WakeRunLogEntry.findByAgentAndStatus", WakeRunLogEntry.class)
        .setParameter("agentId", entry.getAgentId())
        .setParameter("status", WakeStatus.STARTED)
        .getResultList()
        .stream()
        .filter(other -> !other.getRunKey().equals(entry.getRunKey()))
        .filter(other -> isLive(other, now))
        .findFirst();
  }

  /**
   * Runs the agent's workflow outside any transaction (the consumer's is suspended): each of its
   * steps commits on its own.
   */
  @Transactional(TxType.NOT_SUPPORTED)
  public WakeOutcome execute(WakeRun run) {
    var executor =
        executorFor(run.kind())
            .orElseThrow(
                () -> new IllegalStateException("no workflow for agent kind " + run.kind().wire()));
    return Objects.requireNonNull(executor.execute(run), "workflow outcome");
  }

  /**
   * Writes the workflow's outcome and completes the run, in one transaction under the agent's state
   * lock, with what the observers of {@link RunCompleted} write. A run that is no longer started (a
   * duplicate delivery finished it first) writes nothing.
   */
  public void complete(WakeRun run, WakeOutcome outcome) {
    var state = agents.stateForUpdate(run.agentId());
    var entry = runEntry(run.runKey());
    if (entry == null || entry.getStatus() != WakeStatus.STARTED) {
      LOG.log(
          Level.INFO,
          "Run {0} was finished by another delivery; this outcome is dropped",
          run.runKey());
      return;
    }
    // The state's and the entry's own changes first: writing the report or a message flushes, and
    // that flush then carries these changes too, instead of a second update of each row at commit.
    state.recordSuccess(clock.instant());
    entry.complete(clock.instant());
    outcome
        .report()
        .ifPresent(
            report ->
                memory.writeReport(
                    run.agentId(), report.scope(), report.content(), null, report.provenance()));
    outcome.closingMessages().forEach(message -> memory.append(run.agentId(), message));
    completed.fire(new RunCompleted(run.agentId(), run.runKey(), run.threadId(), run.reason()));
    notifications.stateChanged(state);
    outcome
        .dormancy()
        .ifPresent(why -> sendToSleep(run.agentId(), run.threadId(), run.runKey(), why));
    em.flush();
  }

  /**
   * Records a failed run: the agent's failure streak grows, its next subscription wake backs off
   * exponentially, and at {@code reveille.wake.max-consecutive-failures} it goes dormant with a
   * {@code system} message saying why.
   */
  public void fail(WakeRun run, Throwable failure) {
    var entry = runEntry(run.runKey());
    if (entry == null || entry.getStatus() != WakeStatus.STARTED) {
      return;
    }
    var error =
        failure.getMessage() == null
            ? failure.getClass().getSimpleName()
            : failure.getClass().getSimpleName() + ": " + failure.getMessage();
    var now = clock.instant();
    var code = budgetOf(failure).map(RunBudget::wire).orElse(null);
    entry.fail(now, error, code);
    journal.settle(run.runKey(), StepStatus.FAILED, code, error);
    countFailure(entry, error, now);
  }

  /**
   * A meter of the run's budgets for the attempt under way: the spec it started under, from the
   * attempt's start, counting the model tokens every attempt spent so far. A run from before
   * budgets is held to its agent's budgets as they are now.
   *
   * @throws IllegalStateException when the run is not started
   */
  @Transactional(TxType.SUPPORTS)
  public RunMeter meter(String runKey) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    if (entry == null || entry.getStatus() != WakeStatus.STARTED) {
      throw new IllegalStateException("run " + runKey + " is not started; it has no meter");
    }
    var spec =
        entry
            .getRunSpec()
            .map(RunSpec::fromJson)
            .orElseGet(
                () -> {
                  var agent = agents.get(entry.getAgentId());
                  return specs.forAgent(agent.getKind(), agent.getConfig());
                });
    return new RunMeter(
            spec,
            entry.getStartedAt(),
            Math.addExact(entry.getInputTokens(), entry.getOutputTokens()),
            clock)
        .stopWhen(runKey, () -> journal.cancelRequested(runKey));
  }

  /** Whether the run's spec says a budget stop waits for a person instead of failing the run. */
  @Transactional(TxType.SUPPORTS)
  public boolean asksHumanOnBudget(String runKey) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    return entry != null
        && entry.getRunSpec().map(RunSpec::fromJson).map(RunSpec::askHumanOnBudget).orElse(false);
  }

  /**
   * Records the run {@code waiting} for a person, its unfinished step {@code blocked}: a run that
   * is no longer started (finished by another delivery) is left alone. Not a failure.
   */
  public void park(WakeRun run, RunWaitingException why) {
    agents.stateForUpdate(run.agentId());
    var entry = runEntry(run.runKey());
    if (entry == null || entry.getStatus() != WakeStatus.STARTED) {
      return;
    }
    var now = clock.instant();
    if (entry.getCancelRequestedAt() != null) {
      // Cancelled on its way to the step boundary: it ends here rather than waiting.
      entry.cancel(now, "cancelled at a step boundary");
      journal.settle(run.runKey(), StepStatus.SKIPPED, null, "cancelled at a step boundary");
      cancelledRuns.fire(new RunCancelled(run.agentId(), run.runKey()));
      return;
    }
    entry.park(now, why.code(), why.getMessage());
    journal.settle(run.runKey(), StepStatus.BLOCKED, why.code(), why.getMessage());
    if (waits.stream().noneMatch(wait -> wait.stillWaiting(run.runKey(), why.code()))) {
      // Decided while the run made its way to the step boundary: it goes on at once.
      entry.resume(now);
      queue.enqueue(
          run.agentId(),
          run.runKey(),
          Duration.ZERO,
          run.runKey() + ":resume:" + now.toEpochMilli());
      LOG.log(
          Level.INFO,
          "Run {0} of agent {1} resumes at once: {2} was decided meanwhile",
          new Object[] {run.runKey(), run.agentId(), why.code()});
      return;
    }
    LOG.log(
        Level.INFO,
        "Run {0} of agent {1} waits: {2}",
        new Object[] {run.runKey(), run.agentId(), why.getMessage()});
  }

  /** Records the run {@code cancelled} at the step boundary that saw the cancel mark. */
  public void cancelled(WakeRun run) {
    agents.stateForUpdate(run.agentId());
    var entry = runEntry(run.runKey());
    if (entry == null || entry.getStatus() != WakeStatus.STARTED) {
      return;
    }
    var why = "cancelled at a step boundary";
    entry.cancel(clock.instant(), why);
    journal.settle(run.runKey(), StepStatus.SKIPPED, null, why);
    cancelledRuns.fire(new RunCancelled(run.agentId(), run.runKey()));
    LOG.log(
        Level.INFO,
        "Run {0} of agent {1} was cancelled",
        new Object[] {run.runKey(), run.agentId()});
  }

  /**
   * Gives up a job that will never run — the broker dead-lettered it — as a failed run with {@code
   * why}, and counts it like any failure (back-off, dormancy), which frees the agent for its next
   * match. A run that is finished already, or is being executed, is left alone; so a second node
   * sweeping the same job changes nothing.
   *
   * @return whether the run was given up here
   */
  public boolean abandon(String runKey, String why) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    if (entry == null) {
      return false;
    }
    if (agents.find(entry.getAgentId()).isPresent()) {
      // The same order as begin: the agent's state first, then the run as it committed.
      agents.stateForUpdate(entry.getAgentId());
      em.refresh(entry);
    }
    var now = clock.instant();
    if (entry.getStatus() == WakeStatus.STARTED ? isLive(entry, now) : !entry.isQueued()) {
      return false;
    }
    entry.abandon(now, why);
    if (agents.find(entry.getAgentId()).isPresent()) {
      countFailure(entry, why, now);
    }
    return true;
  }

  /**
   * A failed run's consequences: the agent's failure streak grows, its next subscription wake backs
   * off, a waiting session hears why, and at the limit the agent goes dormant.
   */
  private void countFailure(WakeRunLogEntry entry, String error, Instant now) {
    var state = agents.stateForUpdate(entry.getAgentId());
    var streak = state.getConsecutiveFailureCount() + 1;
    state.recordFailure(now, now.plus(config.failureBackoff(streak)));
    notifications.stateChanged(state);
    if (entry.getReason() == WakeReason.USER_INITIATED) {
      // The user waits on the session's stream: say that this turn got no answer, and why.
      memory.append(
          entry.getAgentId(),
          new NewMessage(
              entry.getThreadId(),
              AgentMessageKind.SYSTEM,
              Optional.of(entry.getRunKey()),
              Optional.of("This turn could not be answered: " + error),
              0,
              AgentMessageMetadata.empty()));
    }
    if (streak >= config.maxConsecutiveFailures()) {
      sendToSleep(
          entry.getAgentId(),
          entry.getThreadId(),
          entry.getRunKey(),
          "Gone dormant after "
              + streak
              + " failed wakes in a row; the last failed with "
              + error
              + ". Resume the agent when the cause is fixed.");
    }
  }

  /**
   * Renews the lease of runs this JVM is executing and owns (a thread about to find another node's
   * run live holds its key too, and must not renew that run): a bulk update of their heartbeat,
   * outside the entities' version check (a lease mark, which no entity write carries back).
   */
  public void heartbeat(Collection<String> runKeys) {
    if (runKeys.isEmpty()) {
      return;
    }
    em.createNamedQuery("WakeRunLogEntry.heartbeat")
        .setParameter("now", clock.instant())
        .setParameter("runKeys", runKeys)
        .setParameter("owner", node.owner())
        .executeUpdate();
  }

  /**
   * Started runs whose lease ran out (no start or heartbeat since {@code cutoff}), oldest first.
   */
  @Transactional(TxType.SUPPORTS)
  public List<WakeRunLogEntry> startedBefore(Instant cutoff, int max) {
    return em.createNamedQuery("WakeRunLogEntry.findStartedBefore", WakeRunLogEntry.class)
        .setParameter("cutoff", cutoff)
        .setMaxResults(max)
        .getResultList();
  }

  /** Queued jobs created and due before {@code cutoff}, oldest first. */
  @Transactional(TxType.SUPPORTS)
  public List<WakeRunLogEntry> queuedBefore(Instant cutoff, int max) {
    return em.createNamedQuery("WakeRunLogEntry.findQueuedDueBefore", WakeRunLogEntry.class)
        .setParameter("cutoff", cutoff)
        .setMaxResults(max)
        .getResultList();
  }

  /** Adds the model usage of one call to the run's log entry, committed at once. */
  public void addUsage(String runKey, long inputTokens, long outputTokens) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    if (entry != null) {
      entry.addUsage(inputTokens, outputTokens, 1);
    }
  }

  private void sendToSleep(String agentId, String threadId, String runKey, String why) {
    var agent = agents.get(agentId);
    if (!agent.isActive()) {
      return;
    }
    agents.pause(agentId, OptionalLong.empty());
    memory.append(
        agentId,
        new NewMessage(
            threadId,
            AgentMessageKind.SYSTEM,
            Optional.of(runKey),
            Optional.of(why),
            0,
            AgentMessageMetadata.empty()));
    LOG.log(Level.WARNING, "Agent {0} went dormant: {1}", new Object[] {agentId, why});
  }

  /** The budget that stopped the run, if the failure (or one of its causes) is a budget stop. */
  static Optional<RunBudget> budgetOf(Throwable failure) {
    return WakeRunner.causeOf(failure, RunBudgetExceededException.class)
        .map(RunBudgetExceededException::budget);
  }

  Optional<WakeExecutor> executorFor(io.reveille.agent.entity.AgentKind kind) {
    return executors.stream().filter(e -> e.kind() == kind).findFirst();
  }
}
