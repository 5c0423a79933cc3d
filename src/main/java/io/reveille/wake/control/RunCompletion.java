package io.reveille.wake.control;

import io.reveille.agent.control.AgentNotifications;
import io.reveille.agent.control.AgentService;
import io.reveille.memory.control.MemoryService;
import io.reveille.wake.entity.StepStatus;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * How a started run's attempt ends without failing: completed with its workflow's outcome, waiting
 * for a person at a step boundary, or cancelled there. Each takes the agent's state lock first and
 * leaves a run alone that is no longer started (another delivery finished it), so that what must
 * happen once — the report, the closing messages — is written once.
 *
 * <p>{@code MANDATORY}: a completion is written in the transaction of the step that calls it — its
 * own ({@link WakeRunSteps#complete}) or the one that began and executed a self-contained run
 * ({@link WakeRunSteps#beginOrRun}, {@link WakeRunSteps#runWithin}).
 */
@ApplicationScoped
@Transactional(TxType.MANDATORY)
class RunCompletion {

  private static final Logger LOG = Logger.getLogger(RunCompletion.class.getName());

  private static final String CANCELLED_AT_BOUNDARY = "cancelled at a step boundary";

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject Jobs jobs;
  @Inject AgentNotifications notifications;
  @Inject MemoryService memory;
  @Inject WakeQueue queue;
  @Inject Clock clock;
  @Inject RunJournal journal;
  @Inject RunEntries entries;
  @Inject RunFailures failures;
  @Inject WakeScheduler scheduler;
  @Inject NextWakeBounds nextWakeBounds;
  @Inject @Any Instance<RunWaits> waits;
  @Inject Event<RunCompleted> completed;
  @Inject Event<RunCancelled> cancelledRuns;

  /**
   * Writes the workflow's outcome and completes the run under the agent's state lock, with what the
   * observers of {@link RunCompleted} write, flushed at the end. A run that is no longer started (a
   * duplicate delivery finished it first) writes nothing.
   */
  public void complete(WakeRun run, WakeOutcome outcome) {
    complete(run, outcome, false);
  }

  /**
   * {@link #complete(WakeRun, WakeOutcome)}; {@code selfContained} when the run's workflow is
   * self-contained and the run is completed in the transaction that began it ({@link
   * RunCompleted#selfContained}).
   */
  public void complete(WakeRun run, WakeOutcome outcome, boolean selfContained) {
    complete(run, outcome, selfContained, true);
  }

  /**
   * {@link #complete(WakeRun, WakeOutcome, boolean)}; without {@code flush}, what it writes is left
   * to the caller's transaction's next flush: for a run completed inside a caller that writes many
   * (a timer batch fires and runs up to a slice of them, then flushes once), where a flush of each
   * run's completion would be a round trip of its own and a check of every entity the slice holds.
   * A failure of those writes then fails the caller's flush or commit, which rolls the whole of it
   * back.
   */
  public void complete(WakeRun run, WakeOutcome outcome, boolean selfContained, boolean flush) {
    var state = agents.stateForUpdate(run.agentId());
    var entry = entries.find(run.runKey());
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
    // The batches that woke it are processed: their hosts' counters join the agent's watermark.
    entry.getTriggerCounters().forEach(state::recordProcessedCounter);
    entry.complete(clock.instant());
    // A run completed in the transaction that scheduled it is written now, completed: one INSERT.
    entries.write(entry);
    outcome
        .report()
        .ifPresent(
            report ->
                memory.writeReport(
                    run.agentId(), report.scope(), report.content(), null, report.provenance()));
    // Left to the flush below (or the caller's): one flush for all of the completion's writes.
    outcome.closingMessages().forEach(message -> memory.appendUnflushed(run.agentId(), message));
    completed.fire(
        new RunCompleted(run.agentId(), run.runKey(), run.threadId(), run.reason(), selfContained));
    notifications.stateChanged(state);
    outcome
        .dormancy()
        .ifPresent(why -> failures.sendToSleep(run.agentId(), run.threadId(), run.runKey(), why));
    outcome.nextWake().ifPresent(next -> setNextWake(run, next));
    outcome.jobStoppedBy().ifPresent(why -> jobs.finish(run.runKey(), why));
    if (flush) {
      em.flush();
    }
  }

  /**
   * The next wake the workflow set, as the agent's own ({@code set_next_wake}'s run key and
   * replacement rules), moved into its kind's bounds: a workflow's time is code's, not a model's
   * argument, so it is kept as near as allowed rather than refused. A run completed again (a
   * retried completion) writes the same run.
   */
  private void setNextWake(WakeRun run, WakeOutcome.NextWake next) {
    var now = clock.instant();
    var bounds = nextWakeBounds.of(agents.get(run.agentId()).getKind());
    var at = next.at();
    if (at.isBefore(now.plus(bounds.min()))) {
      at = now.plus(bounds.min());
    } else if (at.isAfter(now.plus(bounds.max()))) {
      at = now.plus(bounds.max());
    }
    if (!at.equals(next.at())) {
      LOG.log(
          Level.INFO,
          "Run {0} asked for the next wake at {1}, outside its kind''s bounds; it wakes at {2}",
          new Object[] {run.runKey(), next.at(), at});
    }
    scheduler.scheduleOwnWake(run.agentId(), run.runKey(), at, next.why());
  }

  /**
   * Records the run {@code waiting} for a person, its unfinished step {@code blocked}; one whose
   * cancel mark is set ends {@code cancelled} instead, and one whose decision came while it made
   * its way to the step boundary goes back on the queue at once. Not a failure.
   */
  public void park(WakeRun run, RunWaitingException why) {
    var entry = lockedIfStarted(run);
    if (entry == null) {
      return;
    }
    var now = clock.instant();
    if (entry.getCancelRequestedAt() != null) {
      // Cancelled on its way to the step boundary: it ends here rather than waiting.
      cancel(run, entry, now);
      return;
    }
    entry.park(now, why.code(), why.getMessage());
    journal.settle(run.runKey(), StepStatus.BLOCKED, why.code(), why.getMessage());
    var known = waits.stream().filter(wait -> wait.knows(why.code())).toList();
    // A wait nobody knows (a budget's, say) stays until an operator acts on it.
    if (!known.isEmpty()
        && known.stream().noneMatch(wait -> wait.stillWaiting(run.runKey(), why.code()))) {
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
    var entry = lockedIfStarted(run);
    if (entry == null) {
      return;
    }
    cancel(run, entry, clock.instant());
    LOG.log(
        Level.INFO,
        "Run {0} of agent {1} was cancelled",
        new Object[] {run.runKey(), run.agentId()});
  }

  /**
   * The run's entry behind the agent's state lock, or null when the run is no longer started
   * (another delivery finished it, or it is gone).
   */
  private WakeRunLogEntry lockedIfStarted(WakeRun run) {
    agents.stateForUpdate(run.agentId());
    var entry = entries.find(run.runKey());
    return entry == null || entry.getStatus() != WakeStatus.STARTED ? null : entry;
  }

  private void cancel(WakeRun run, WakeRunLogEntry entry, Instant now) {
    entry.cancel(now, CANCELLED_AT_BOUNDARY);
    journal.settle(run.runKey(), StepStatus.SKIPPED, null, CANCELLED_AT_BOUNDARY);
    cancelledRuns.fire(new RunCancelled(run.agentId(), run.runKey()));
  }
}
