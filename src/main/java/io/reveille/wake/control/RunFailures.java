package io.reveille.wake.control;

import io.reveille.agent.control.AgentNotifications;
import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.wake.entity.StepStatus;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A run that failed and what follows from it: the run recorded {@code failed} (with the budget that
 * stopped it), the agent's failure streak and its back-off, a word to a waiting session, and at
 * {@code reveille.wake.max-consecutive-failures} the agent's dormancy. Begin comes here too, when
 * it gives up a run started too often, and the sweeper, for a job the broker dead-lettered.
 *
 * <p>{@code MANDATORY}: every method writes in the transaction of the step that calls it ({@link
 * WakeRunSteps}), never in one of its own, so a failure and its consequences commit together.
 */
@ApplicationScoped
@Transactional(TxType.MANDATORY)
class RunFailures {

  private static final Logger LOG = Logger.getLogger(RunFailures.class.getName());

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject AgentNotifications notifications;
  @Inject MemoryService memory;
  @Inject WakeConfig config;
  @Inject Clock clock;
  @Inject RunJournal journal;
  @Inject RunLeases leases;
  @Inject RunEntries entries;
  @Inject WakeScheduler scheduler;

  /**
   * Records a failed run: the agent's failure streak grows, its next subscription wake backs off
   * exponentially, and at {@code reveille.wake.max-consecutive-failures} it goes dormant with a
   * {@code system} message saying why. A run that is no longer started is left alone.
   */
  public void fail(WakeRun run, Throwable failure) {
    var entry = entries.find(run.runKey());
    if (entry == null || entry.getStatus() != WakeStatus.STARTED) {
      return;
    }
    var error =
        failure.getMessage() == null
            ? failure.getClass().getSimpleName()
            : failure.getClass().getSimpleName() + ": " + failure.getMessage();
    var now = clock.instant();
    var stop = RunMeters.budgetStopOf(failure);
    var code =
        stop.map(RunBudgetExceededException::code)
            .or(
                () ->
                    WakeRunner.causeOf(failure, JobUnfinishedException.class)
                        .map(JobUnfinishedException::code))
            .orElse(null);
    entry.fail(now, error, code);
    journal.settle(run.runKey(), StepStatus.FAILED, code, error);
    var quota =
        stop.filter(RunBudgetExceededException::isDailyQuota).flatMap(s -> dailyQuota(entry));
    if (quota.isPresent()) {
      restUntilRenewed(entry, quota.get(), now);
      return;
    }
    if (Jobs.UNFINISHED.equals(code)) {
      // A job whose definition of done was not met says nothing of the agent's health: its
      // subscriptions go on waking it.
      return;
    }
    countFailure(entry, error, now);
  }

  private static Optional<DailyTokenQuota> dailyQuota(WakeRunLogEntry entry) {
    return entry.getRunSpec().map(RunSpec::fromJson).flatMap(RunSpec::daily);
  }

  /**
   * A run its agent's spent daily quota stopped: not the agent's failure (no streak, no back-off),
   * but the agent sleeps, dormant until the quota renews at the next midnight of its zone, with a
   * {@code system} message saying so, and a wake queued for that moment; an operator may resume it
   * sooner.
   */
  private void restUntilRenewed(WakeRunLogEntry entry, DailyTokenQuota quota, Instant now) {
    var agent = agents.get(entry.getAgentId());
    if (!agent.isActive()) {
      return;
    }
    var renewsAt = quota.renewsAt(now);
    var why =
        "Dormant until "
            + renewsAt
            + ": the daily quota of "
            + quota.tokens()
            + " model tokens ("
            + quota.zone().getId()
            + ") is spent. Resume the agent to let it think again sooner.";
    agents.pauseUntil(entry.getAgentId(), DailyTokenQuota.DORMANT_REASON, renewsAt);
    toldDormant(entry.getAgentId(), entry.getThreadId(), entry.getRunKey(), why);
    scheduler.scheduleResumption(entry.getAgentId(), DailyTokenQuota.DORMANT_REASON, renewsAt);
    LOG.log(Level.INFO, "Agent {0} went dormant: {1}", new Object[] {entry.getAgentId(), why});
  }

  /**
   * Gives up a job that will never run — the broker dead-lettered it — as a failed run with {@code
   * why}, and counts it like any failure. A run that is finished already, or is being executed, is
   * left alone.
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
    if (entry.getStatus() == WakeStatus.STARTED ? leases.isLive(entry, now) : !entry.isQueued()) {
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
  public void countFailure(WakeRunLogEntry entry, String error, Instant now) {
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
   * Records the run's move of its agent to dormant as an action of the run: an {@code action}
   * message of type {@code lifecycle_transition} ({@code from}, {@code to}, {@code reason}) and its
   * {@code toolResult}, {@code success}, in the run's thread — beside the tool calls it made.
   */
  private void recordTransition(String agentId, String threadId, String runKey, String why) {
    var action =
        memory.append(
            agentId,
            new NewMessage(
                threadId,
                AgentMessageKind.ACTION,
                Optional.of(runKey),
                Optional.of(why),
                0,
                AgentMessageMetadata.empty()
                    .withExtension(
                        JsonDocuments.provider()
                            .createObjectBuilder()
                            .add(
                                AgentMessageMetadata.ACTION_ENVELOPE,
                                JsonDocuments.provider()
                                    .createObjectBuilder()
                                    .add("actionType", "lifecycle_transition")
                                    .add("from", AgentLifecycle.ACTIVE.wire())
                                    .add("to", AgentLifecycle.DORMANT.wire())
                                    .add("reason", why)
                                    .add("runKey", runKey))
                            .build())));
    memory.append(
        agentId,
        new NewMessage(
            threadId,
            AgentMessageKind.TOOL_RESULT,
            Optional.of(runKey),
            Optional.empty(),
            0,
            AgentMessageMetadata.empty().withActionRefId(action.getId()).withStatus("success")));
  }

  /**
   * Pauses an active agent with a {@code system} message in the run's thread saying why: after too
   * many failures, or when a completed run's workflow asks for it ({@link WakeOutcome#dormancy}).
   */
  public void sendToSleep(String agentId, String threadId, String runKey, String why) {
    var agent = agents.get(agentId);
    if (!agent.isActive()) {
      return;
    }
    agents.pause(agentId, OptionalLong.empty());
    toldDormant(agentId, threadId, runKey, why);
    LOG.log(Level.WARNING, "Agent {0} went dormant: {1}", new Object[] {agentId, why});
  }

  /**
   * What the run's thread says of the agent it sent dormant: the {@code lifecycle_transition}
   * action ({@link #recordTransition}) and a {@code system} message saying why.
   */
  private void toldDormant(String agentId, String threadId, String runKey, String why) {
    recordTransition(agentId, threadId, runKey, why);
    memory.append(
        agentId,
        new NewMessage(
            threadId,
            AgentMessageKind.SYSTEM,
            Optional.of(runKey),
            Optional.of(why),
            0,
            AgentMessageMetadata.empty()));
  }
}
